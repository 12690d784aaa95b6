import Decimal from 'decimal.js';
import type { StatusCte } from '../../contracts/cte-status';
import { MSG_CTE_NAO_ENCONTRADO_FATURA, type ConferenciaFatura, type SituacaoCteFatura } from '../../contracts/faturas';
import { formatBrl } from '../format-brl';

// The check of a fatura against the CT-es of the database (issue 13, "Conferência"; beyond the spec): what
// freight-audit products do before paying a carrier. Pure: the server feeds it the 353/555 lines joined to
// their CT-es (and mirrors the same rules in SQL for the list's summary: server/faturas/conferencia-fatura.ts).

/** A 353/555 line with what the database knows of its CT-e (all null when not found). */
export interface LinhaConferencia {
  /** Billed in the fatura; null on a 1999-style line. */
  valorFrete: string | null;
  cteId: number | null;
  statusCte: StatusCte | null;
  /** The CT-e's charged value (valor cobrado, cte.valor_total). */
  valorCobrado: string | null;
  valorAuditoria: string | null;
  valorCorreto: string | null;
}

export interface ConferenciaLinha {
  situacao: SituacaoCteFatura;
  valorDivergente: boolean;
  divergente: boolean;
  motivos: string[];
}

const SITUACAO: Record<StatusCte, SituacaoCteFatura> = {
  LIDO: 'NAO_AUDITADO',
  PROCESSADO: 'NAO_AUDITADO',
  AUDITADO_SUCESSO: 'AUDITADO',
  AUDITADO_OBSERVACOES: 'AUDITADO',
  AUDITADO_REVISADO: 'APROVADO',
  AUDITADO_FALHA: 'FALHA',
  AUDITADO_ERRO: 'ERRO',
  CANCELADO: 'CANCELADO',
  DESCONSIDERADO: 'CANCELADO',
};

/** The CT-e statuses a fatura line is conferida with (the SQL summary uses the same list). */
export const STATUS_CTE_CONFERIDOS: readonly StatusCte[] = ['AUDITADO_SUCESSO', 'AUDITADO_OBSERVACOES', 'AUDITADO_REVISADO'];

const MOTIVO: Partial<Record<SituacaoCteFatura, string>> = {
  NAO_ENCONTRADO: `${MSG_CTE_NAO_ENCONTRADO_FATURA} no sistema.`,
  NAO_AUDITADO: 'CT-e ainda não auditado.',
  FALHA: 'A auditoria do CT-e falhou: revise-a antes de pagar.',
  ERRO: 'A auditoria do CT-e terminou com erro: revise-a antes de pagar.',
  CANCELADO: 'CT-e cancelado ou desconsiderado, mas cobrado na fatura.',
};

const situacaoDoCte = (cteId: number | null, status: StatusCte | null): SituacaoCteFatura =>
  cteId === null || status === null ? 'NAO_ENCONTRADO' : SITUACAO[status];

/**
 * One line: its situation; value divergence when the billed value differs from the CT-e's charged value
 * (exact decimals), or is billed on a CT-e not found (nothing backs it); a line billed without a value is
 * never divergent by value. It needs a person unless audited with success or approved and not divergent.
 */
export function conferirLinha(l: LinhaConferencia): ConferenciaLinha {
  const situacao = situacaoDoCte(l.cteId, l.statusCte);
  const encontrado = situacao !== 'NAO_ENCONTRADO';
  const valorDivergente = l.valorFrete !== null && (!encontrado || l.valorCobrado === null || !new Decimal(l.valorFrete).eq(l.valorCobrado));
  const motivos = MOTIVO[situacao] ? [MOTIVO[situacao]!] : [];
  if (valorDivergente && encontrado)
    motivos.push(`Valor faturado (${formatBrl(l.valorFrete)}) diferente do valor cobrado no CT-e (${formatBrl(l.valorCobrado ?? '0')}).`);
  const divergente = !(situacao === 'AUDITADO' || situacao === 'APROVADO') || valorDivergente;
  return { situacao, valorDivergente, divergente, motivos };
}

/** Exact sum of decimal strings (nulls add nothing), to 2 places. */
export const somarValores = (valores: (string | null)[]) => valores.reduce((s, v) => (v === null ? s : s.plus(v)), new Decimal(0)).toFixed(2);

/** The whole check of a fatura from all its lines. */
export function conferirFatura(linhas: LinhaConferencia[]): ConferenciaFatura {
  const conferidas = linhas.map((l) => ({ ...l, ...conferirLinha(l) }));
  const quantos = (s: SituacaoCteFatura) => conferidas.filter((l) => l.situacao === s).length;
  const divergencias = conferidas.filter((l) => l.divergente).length;
  return {
    conferida: linhas.length > 0 && divergencias === 0,
    divergencias,
    ctes: linhas.length,
    encontrados: linhas.length - quantos('NAO_ENCONTRADO'),
    naoEncontrados: quantos('NAO_ENCONTRADO'),
    naoAuditados: quantos('NAO_AUDITADO'),
    auditados: quantos('AUDITADO'),
    aprovados: quantos('APROVADO'),
    falhas: quantos('FALHA'),
    erros: quantos('ERRO'),
    cancelados: quantos('CANCELADO'),
    valorDivergente: conferidas.filter((l) => l.valorDivergente).length,
    valorFaturado: somarValores(linhas.map((l) => l.valorFrete)),
    valorCobrado: somarValores(conferidas.filter((l) => l.situacao !== 'NAO_ENCONTRADO').map((l) => l.valorCobrado)),
    // What should be paid (our reading of issue 13's "the correct value of approved CT-es, the audit value of
    // successful ones"): Σ valorCorreto of the APROVADO lines + Σ valorAuditoria of the AUDITADO lines; the
    // other lines (not found, not audited, failed, in error, cancelled) add nothing until a person settles them.
    valorAPagar: somarValores([
      ...conferidas.filter((l) => l.situacao === 'APROVADO').map((l) => l.valorCorreto),
      ...conferidas.filter((l) => l.situacao === 'AUDITADO').map((l) => l.valorAuditoria),
    ]),
  };
}
