import { desc, eq, inArray } from 'drizzle-orm';
import type { LinhaCalculo } from '../../contracts/calculo-frete';
import type { Empresa } from '../../contracts/common';
import { ROTULO_MOTIVO_CONTESTACAO, type Contestacao, type EmailContestacao } from '../../contracts/contestacoes';
import { formatarCnpjCpf } from '../../domain/cte/formatar-cte';
import { formatarDinheiro as dinheiro } from '../../domain/format-number-br';
import { formatDateBr } from '../../domain/format-date-br';
import { relogio } from '../../domain/relogio';
import type { Db } from '../db/database';
import { configuracao } from '../db/schema/configuracao';
import { cteAuditoria } from '../db/schema/cte';
import { lerContestacao } from './ler-contestacao';

// What the letter to the carrier says (GET /contestacoes/{id}/carta as PDF, /email as plain text): the company, the
// carrier, the dispute, its lines with the total and, for every disputed CT-e, its current audit's calculation.

export interface DadosCarta {
  empresa: { codigo: Empresa; razaoSocial: string; cnpj: string | null };
  emitidaEm: Date;
  contestacao: Contestacao;
  /** The current audit's cost elements of each disputed CT-e (by cte id), with the audit's total. */
  calculos: Map<number, { elementos: LinhaCalculo[]; valorTotal: string | null }>;
}

export async function dadosCarta(db: Db, empresa: Empresa, id: number): Promise<DadosCarta> {
  const contestacao = await lerContestacao(db, id);
  const [config] = await db.select({ razaoSocial: configuracao.razaoSocial, cnpj: configuracao.cnpj }).from(configuracao).where(eq(configuracao.id, 1));
  const cteIds = [...new Set(contestacao.linhas.flatMap((l) => (l.cteId === null ? [] : [l.cteId])))];
  const auditorias = cteIds.length
    ? await db
        .selectDistinctOn([cteAuditoria.cteId], { cteId: cteAuditoria.cteId, elementos: cteAuditoria.elementosCusto, valorTotal: cteAuditoria.valorTotal })
        .from(cteAuditoria)
        .where(inArray(cteAuditoria.cteId, cteIds))
        .orderBy(cteAuditoria.cteId, desc(cteAuditoria.id))
    : [];
  return {
    empresa: { codigo: empresa, razaoSocial: config?.razaoSocial || empresa, cnpj: config?.cnpj ?? null },
    emitidaEm: relogio.agora(),
    contestacao,
    calculos: new Map(auditorias.map((a) => [a.cteId, { elementos: a.elementos, valorTotal: a.valorTotal }])),
  };
}

export const cnpjDe = (cnpj: string | null) => (cnpj ? (formatarCnpjCpf(cnpj) ?? cnpj) : '—');

/** The opening paragraph, shared by the letter and the e-mail. */
export function abertura(d: DadosCarta): string {
  const c = d.contestacao;
  return (
    `${d.empresa.razaoSocial}${d.empresa.cnpj ? ` (CNPJ ${cnpjDe(d.empresa.cnpj)})` : ''} contesta junto a ${c.transportadora} ` +
    `(CNPJ ${cnpjDe(c.transportadoraCnpj)}) os valores cobrados nos CT-es abaixo${c.faturaNumero ? `, da fatura ${c.faturaNumero}` : ''}, ` +
    `pelo motivo: ${ROTULO_MOTIVO_CONTESTACAO[c.motivo]}. Solicitamos resposta até ${formatDateBr(c.prazo)}, com a nota de crédito ou o desconto correspondente.`
  );
}

/** GET /contestacoes/{id}/email: the same content as plain text. */
export function emailContestacao(d: DadosCarta): EmailContestacao {
  const c = d.contestacao;
  const linhas = c.linhas.map((l) => `- CT-e ${l.cte}: cobrado ${dinheiro(l.valorCobrado)}; auditado ${dinheiro(l.valorCorreto)}; contestado ${dinheiro(l.valorContestado)}`);
  const calculos = c.linhas.flatMap((l) => {
    const calc = l.cteId === null ? undefined : d.calculos.get(l.cteId);
    if (!calc?.elementos.length) return [];
    return [``, `Cálculo do CT-e ${l.cte}:`, ...calc.elementos.map((e) => `  ${e.descricao}: ${dinheiro(e.valor)}`), `  Total: ${dinheiro(calc.valorTotal)}`];
  });
  const corpo = [
    'Prezados,',
    '',
    abertura(d),
    ...(c.descricao ? ['', c.descricao] : []),
    '',
    `Contestação nº ${c.numero}`,
    ...linhas,
    `Total contestado: ${dinheiro(c.valorContestado)}`,
    ...calculos,
    '',
    'Atenciosamente,',
    d.empresa.razaoSocial,
  ].join('\n');
  return { assunto: `Contestação de frete nº ${c.numero} - ${d.empresa.razaoSocial}`, corpo };
}
