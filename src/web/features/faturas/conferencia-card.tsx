import Decimal from 'decimal.js';
import { css } from '../../../../styled-system/css';
import type { ConferenciaFatura } from '../../../contracts/conferencia-fatura';
import { formatBrl } from '../../../domain/format-brl';
import { formatNumberBr } from '../../../domain/format-number-br';
import { ConferenciaIndicator } from './conferencia-indicator';
import { FaturaCard } from './fatura-card';

const estilos = {
  resultado: css({ mb: '2' }),
  diferenca: css({ color: 'red.700', fontWeight: 'semibold' }),
};

/** Billed minus charged; null when equal or unreadable. */
function diferenca(c: ConferenciaFatura): Decimal | null {
  try {
    const d = new Decimal(c.valorFaturado).minus(c.valorCobrado);
    return d.isZero() ? null : d;
  } catch {
    return null;
  }
}

/**
 * docs/decisoes.md §15 "Conferência" (beyond the spec): the fatura checked against the CT-es of the database — how many
 * were found, audited, approved, failed; the billed total next to the charged one and what should be paid.
 */
export function ConferenciaCard({ conferencia: c }: { conferencia: ConferenciaFatura }) {
  const d = diferenca(c);
  const n = (v: number) => formatNumberBr(v);
  return (
    <FaturaCard
      titulo="Conferência"
      campos={[
        ['CT-es na fatura', n(c.ctes)],
        ['Encontrados', n(c.encontrados)],
        ['Não encontrados', n(c.naoEncontrados)],
        ['Não auditados', n(c.naoAuditados)],
        ['Auditados', n(c.auditados)],
        ['Aprovados', n(c.aprovados)],
        ['Auditoria com falha', n(c.falhas)],
        ['Auditoria com erro', n(c.erros)],
        ['Cancelados ou desconsiderados', n(c.cancelados)],
        ['Já cobrados em outra fatura', c.jaCobrados ? <span className={estilos.diferenca}>{n(c.jaCobrados)}</span> : n(0)],
        ['Com valor divergente', n(c.valorDivergente)],
        ['Valor faturado', formatBrl(c.valorFaturado)],
        ['Valor cobrado nos CT-es', formatBrl(c.valorCobrado)],
        ['Diferença (faturado − cobrado)', d ? <span className={estilos.diferenca}>{formatBrl(d.toFixed(2))}</span> : formatBrl('0')],
        ['Valor a pagar', formatBrl(c.valorAPagar)],
      ]}
    >
      <p className={estilos.resultado} role="status" aria-label="Resultado da conferência">
        <ConferenciaIndicator conferencia={c} />
      </p>
    </FaturaCard>
  );
}
