import {
  MAX_DIAS_REAJUSTE,
  MSG_REAJUSTE_PERIODO_INVERTIDO,
  MSG_REAJUSTE_PERIODO_LONGO,
  MSG_REAJUSTE_SEM_PROPOSTA,
  type ReajusteParametros,
} from '../../../../contracts/reajuste';
import { todosElementos } from '../../../../domain/frete/validar-tabela-frete';
import { chaveDescricao } from '../../../../domain/frete/chave-descricao';
import type { TabelaFrete } from '../../../../contracts/tabela-frete-modelo';
import { mesSaoPaulo, somarDias } from '../../../../domain/sao-paulo-date';

/** What the reajuste form holds: dates as YYYY-MM-DD, percentages as normalised text ("10", "7.5"). */
export interface FormularioReajuste {
  dataIni: string | null;
  dataFim: string | null;
  percentualGeral: string;
  /** By element description, as the table names it. */
  percentuais: Record<string, string>;
}

/** Last month by the console's clock (São Paulo calendar), never the browser's date. */
export function mesAnterior(): { dataIni: string; dataFim: string } {
  const atual = mesSaoPaulo();
  const ultimoDia = somarDias(atual.dataIni, -1);
  return { dataIni: `${ultimoDia.slice(0, 8)}01`, dataFim: ultimoDia };
}

export const formularioInicial = (): FormularioReajuste => ({ ...mesAnterior(), percentualGeral: '', percentuais: {} });

/** The table's element descriptions, every level, once each (case and accents ignored), in table order. */
export const descricoesElementos = (t: TabelaFrete): string[] =>
  [...new Map(todosElementos(t).map((e) => [chaveDescricao(e.descricao), e.descricao.trim()])).values()].filter(Boolean);

const vazio = (v: string) => v.trim() === '' || v === '-';

/** The request's parameters from the form (empty percentages left out; the schema's messages judge the rest). */
export function parametrosDoFormulario(f: FormularioReajuste): unknown {
  return {
    dataIni: f.dataIni ?? '',
    dataFim: f.dataFim ?? '',
    percentualGeral: vazio(f.percentualGeral) ? null : f.percentualGeral,
    percentuais: Object.entries(f.percentuais)
      .filter(([, v]) => !vazio(v))
      .map(([descricao, percentual]) => ({ descricao, percentual })),
  };
}

/** The rules the schema cannot see: something proposed, and a period in order and not too long. */
export function mensagensReajuste(p: ReajusteParametros, comArquivo: boolean): string[] {
  const mensagens: string[] = [];
  if (p.percentualGeral === null && p.percentuais.length === 0 && !comArquivo) mensagens.push(MSG_REAJUSTE_SEM_PROPOSTA);
  if (p.dataFim < p.dataIni) mensagens.push(MSG_REAJUSTE_PERIODO_INVERTIDO);
  else if (p.dataFim > somarDias(p.dataIni, MAX_DIAS_REAJUSTE - 1)) mensagens.push(MSG_REAJUSTE_PERIODO_LONGO);
  return mensagens;
}
