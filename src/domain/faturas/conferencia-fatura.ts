import Decimal from 'decimal.js';
import type { StatusCte } from '../../contracts/cte-status';
import { mensagemJaCobrado, MSG_CTE_NAO_ENCONTRADO_FATURA, type CobrancaAnterior, type ConferenciaFatura, type SituacaoCteFatura } from '../../contracts/conferencia-fatura';
import { formatBrl } from '../format-brl';
import { formatDateBr } from '../format-date-br';

// The check of a fatura against the CT-es of the database (docs/decisoes.md §15, "Conferência"; beyond the spec): what
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
  /** The first billing of the same CT-e by a fatura not cancelled (or an earlier line), null when this line is the first. */
  jaCobradoEm: CobrancaAnterior | null;
  /** Issue 31: why the CT-e is not payable (an anulação, annulled or substituted: pagavel.ts); null or absent: payable. */
  naoPagavel?: string | null;
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

/** A CT-e billed again is JA_COBRADO whatever its audit says (docs/decisoes.md §17): one payment per CT-e. */
const situacaoDaLinha = (l: LinhaConferencia): SituacaoCteFatura => (l.jaCobradoEm ? 'JA_COBRADO' : situacaoDoCte(l.cteId, l.statusCte));

const motivosDaSituacao = (situacao: SituacaoCteFatura, l: LinhaConferencia): string[] => {
  if (situacao === 'JA_COBRADO' && l.jaCobradoEm) return [mensagemJaCobrado(l.jaCobradoEm.numero, formatDateBr(l.jaCobradoEm.dataEmissao))];
  return MOTIVO[situacao] ? [MOTIVO[situacao]!] : [];
};

/**
 * One line: its situation; value divergence when the billed value differs from the CT-e's charged value
 * (exact decimals), or is billed on a CT-e not found (nothing backs it); a line billed without a value is
 * never divergent by value. It needs a person unless audited with success or approved and not divergent.
 */
export function conferirLinha(l: LinhaConferencia): ConferenciaLinha {
  const situacao = situacaoDaLinha(l);
  const encontrado = l.cteId !== null && l.statusCte !== null;
  const valorDivergente = l.valorFrete !== null && (!encontrado || l.valorCobrado === null || !new Decimal(l.valorFrete).eq(l.valorCobrado));
  const motivos = motivosDaSituacao(situacao, l);
  if (valorDivergente && encontrado)
    motivos.push(`Valor faturado (${formatBrl(l.valorFrete)}) diferente do valor cobrado no CT-e (${formatBrl(l.valorCobrado ?? '0')}).`);
  // Issue 31: a CT-e annulled or substituted (or an anulação) billed is a divergence; its substitute is paid instead.
  if (l.naoPagavel) motivos.unshift(l.naoPagavel);
  const divergente = !(situacao === 'AUDITADO' || situacao === 'APROVADO') || valorDivergente || Boolean(l.naoPagavel);
  return { situacao, valorDivergente, divergente, motivos };
}

/** Exact sum of decimal strings (nulls add nothing), to 2 places. */
export const somarValores = (valores: (string | null)[]) => valores.reduce((s, v) => (v === null ? s : s.plus(v)), new Decimal(0)).toFixed(2);

/** The whole check of a fatura from all its lines. */
export function conferirFatura(linhas: LinhaConferencia[]): ConferenciaFatura {
  const conferidas = linhas.map((l) => ({ ...l, ...conferirLinha(l) }));
  const quantos = (s: SituacaoCteFatura) => conferidas.filter((l) => l.situacao === s).length;
  const divergencias = conferidas.filter((l) => l.divergente).length;
  // Counted by the CT-e, not the situation: a line billed again may bill a CT-e the database lacks.
  const naoEncontrados = linhas.filter((l) => l.cteId === null || l.statusCte === null).length;
  return {
    conferida: linhas.length > 0 && divergencias === 0,
    divergencias,
    ctes: linhas.length,
    encontrados: linhas.length - naoEncontrados,
    naoEncontrados,
    naoAuditados: quantos('NAO_AUDITADO'),
    auditados: quantos('AUDITADO'),
    aprovados: quantos('APROVADO'),
    falhas: quantos('FALHA'),
    erros: quantos('ERRO'),
    cancelados: quantos('CANCELADO'),
    jaCobrados: quantos('JA_COBRADO'),
    valorDivergente: conferidas.filter((l) => l.valorDivergente).length,
    valorFaturado: somarValores(linhas.map((l) => l.valorFrete)),
    valorCobrado: somarValores(conferidas.filter((l) => l.cteId !== null && l.statusCte !== null).map((l) => l.valorCobrado)),
    // What should be paid (docs/decisoes.md §15, our reading of "the correct value of approved CT-es, the audit value
    // of successful ones"): Σ valorCorreto of the APROVADO lines + Σ valorAuditoria of the AUDITADO lines; the
    // other lines (not found, not audited, failed, in error, cancelled, not payable) add nothing until a person settles them.
    valorAPagar: somarValores([
      ...conferidas.filter((l) => l.situacao === 'APROVADO' && !l.naoPagavel).map((l) => l.valorCorreto),
      ...conferidas.filter((l) => l.situacao === 'AUDITADO' && !l.naoPagavel).map((l) => l.valorAuditoria),
    ]),
  };
}
