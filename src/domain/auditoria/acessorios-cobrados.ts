import {
  EVENTOS_ACESSORIOS,
  justifica,
  mensagemAcessorioSemOcorrencia,
  nomeCobrancaAcessoria,
  textoDoCodigo,
  type EventoAcessorio,
  type OcorrenciaAusente,
  type OrigemOcorrencia,
  type SentidoOcorrencia,
} from '../../contracts/ocorrencias';
import { formatarDataHora } from '../cte/formatar-cte';
import { chaveDescricao } from '../frete/chave-descricao';
import type { VereditoAuditoria } from './veredito-auditoria';

// Issue 31: which accessorial charges a CT-e carries, which occurrence justifies each, and what a charge without
// one does to the verdict (the company setting configuracao.ocorrencia_ausente). Pure: the server loads the CT-e's
// component names, its ERP charge code and its linked occurrences.

/** What names each accessorial in a component's name (or the ERP's charge code), accent- and case-insensitive. */
const PADROES: Record<EventoAcessorio, RegExp> = {
  REENTREGA: /reentreg/,
  DEVOLUCAO: /devolu|retorno/,
  DIARIA: /diaria|estadia|permanencia/,
  TDE: /\btde\b|dificuldade/,
  AGENDAMENTO: /agend/,
};

/**
 * The accessorials a CT-e charges: named by its components (prestacao.componentes[].nome) or by the ERP order's
 * additional-charge code (cte.codigo_cobranca_adicional: REENTREGA, DEVOLUCAO, TDE, AGENDAMENTO…; PALETIZACAO and
 * DESCARGA name none). In EVENTOS_ACESSORIOS order, each once.
 */
export function acessoriosCobrados(componentes: readonly string[], codigoCobrancaAdicional: string | null): EventoAcessorio[] {
  const textos = [...componentes, ...(codigoCobrancaAdicional ? [codigoCobrancaAdicional.replace(/_/g, ' ')] : [])].map(chaveDescricao);
  return EVENTOS_ACESSORIOS.filter((e) => textos.some((t) => PADROES[e].test(t)));
}

/** A linked occurrence as the audit reads it (not cancelled). */
export interface OcorrenciaAuditoria {
  id: number;
  origem: OrigemOcorrencia;
  codigo: string;
  sentido: SentidoOcorrencia | null;
  dataHora: Date;
  arquivo: string;
  linha: number | null;
}

/** The occurrence that justifies `evento` (the earliest, then the lowest id), or null. */
export function ocorrenciaQueJustifica(evento: EventoAcessorio, ocorrencias: readonly OcorrenciaAuditoria[]): OcorrenciaAuditoria | null {
  let melhor: OcorrenciaAuditoria | null = null;
  for (const o of ocorrencias)
    if (justifica(o.sentido, evento) && (!melhor || o.dataHora < melhor.dataHora || (o.dataHora.getTime() === melhor.dataHora.getTime() && o.id < melhor.id))) melhor = o;
  return melhor;
}

/** `Reentrega justificada pela ocorrência 24 "Mercadoria reentregue ao cliente destino" de 05/11/2026 14:30 (OCOREN_1105.txt, linha 3).` */
export function textoJustificativa(evento: EventoAcessorio, o: OcorrenciaAuditoria, doOriginal = false): string {
  const verbo = evento === 'AGENDAMENTO' ? 'justificado' : 'justificada';
  const onde = o.linha === null ? o.arquivo : `${o.arquivo}, linha ${o.linha}`;
  return (
    `${nomeCobrancaAcessoria(evento)} ${verbo} pela ocorrência ${o.codigo} "${textoDoCodigo(o.origem, o.codigo)}" de ${formatarDataHora(o.dataHora.toISOString())} (${onde})` +
    (doOriginal ? ', do CT-e original.' : '.')
  );
}

export interface DecisaoAcessorios {
  /** The events the engine prices (EntradaCalculo.acessorios). */
  precificar: EventoAcessorio[];
  /** Charged without an occurrence that justifies them. */
  semOcorrencia: EventoAcessorio[];
  traco: string[];
}

/**
 * Charged and justified → priced, the trace naming the occurrence; charged without → priced only when the company
 * takes a missing occurrence as an observation (OBSERVACAO), not priced when it is a failure (FALHA).
 */
export function decidirAcessorios(
  cobrados: readonly EventoAcessorio[],
  proprias: readonly OcorrenciaAuditoria[],
  doOriginal: readonly OcorrenciaAuditoria[],
  ausente: OcorrenciaAusente,
): DecisaoAcessorios {
  const d: DecisaoAcessorios = { precificar: [], semOcorrencia: [], traco: [] };
  for (const evento of cobrados) {
    const propria = ocorrenciaQueJustifica(evento, proprias);
    const original = propria ? null : ocorrenciaQueJustifica(evento, doOriginal);
    const o = propria ?? original;
    if (o) {
      d.precificar.push(evento);
      d.traco.push(textoJustificativa(evento, o, original !== null));
      continue;
    }
    d.semOcorrencia.push(evento);
    if (ausente === 'OBSERVACAO') d.precificar.push(evento);
  }
  return d;
}

/**
 * The verdict after the engine: for each charge without occurrence that the table prices (`daTabela`), FALHA forces
 * FALHA (even within tolerance) and OBSERVACAO turns a SUCESSO into OBSERVACOES, both with the message. An ERRO stays.
 */
export function vereditoComAcessorios(v: VereditoAuditoria, semOcorrencia: readonly EventoAcessorio[], daTabela: ReadonlySet<EventoAcessorio>, ausente: OcorrenciaAusente): VereditoAuditoria {
  const contam = semOcorrencia.filter((e) => daTabela.has(e));
  if (v.resultado === 'ERRO' || contam.length === 0) return v;
  const mensagens = [...v.mensagens, ...contam.map(mensagemAcessorioSemOcorrencia)];
  const resultado = ausente === 'FALHA' ? 'FALHA' : v.resultado === 'SUCESSO' ? 'OBSERVACOES' : v.resultado;
  return { ...v, resultado, mensagens };
}

/**
 * The trace lines said after the engine, once the table's accessorial elements are known: a charge the table has no
 * element for (nothing special: the overcharge shows by itself), and what a charge without occurrence did.
 */
export function tracoDosCobrados(cobrados: readonly EventoAcessorio[], semOcorrencia: readonly EventoAcessorio[], daTabela: ReadonlySet<EventoAcessorio>, ausente: OcorrenciaAusente): string[] {
  return cobrados.map((evento) => {
    const cobrada = `${nomeCobrancaAcessoria(evento)} ${evento === 'AGENDAMENTO' ? 'cobrado' : 'cobrada'} no CT-e`;
    if (!daTabela.has(evento)) return `${cobrada}, mas a tabela de frete não tem elemento de custo com esse evento: o valor esperado não inclui essa cobrança.`;
    if (!semOcorrencia.includes(evento)) return `${cobrada}: calculada pelo elemento de custo da tabela com esse evento.`;
    return `${mensagemAcessorioSemOcorrencia(evento)} Pela configuração da empresa, ${ausente === 'OBSERVACAO' ? 'a cobrança é calculada e a auditoria registra uma observação' : 'a cobrança não é calculada e a auditoria falha'}.`;
  });
}
