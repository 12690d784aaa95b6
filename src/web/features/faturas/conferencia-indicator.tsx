import { css, cx } from '../../../../styled-system/css';
import type { ResumoConferencia } from '../../../contracts/conferencia-fatura';

const estilos = {
  base: css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontWeight: 'semibold', fontSize: 'sm' }),
  conferida: css({ color: 'green.800' }),
  divergente: css({ color: 'red.700' }),
  neutra: css({ color: 'gray.600', fontWeight: 'normal' }),
};

/**
 * "Conferida", "1 divergência", "3 divergências" or "Não conferida" (docs/decisoes.md §15: which faturas can
 * be paid).
 */
function textoConferencia(c: ResumoConferencia): string {
  if (c.conferida) return 'Conferida';
  if (c.divergencias > 0) return `${c.divergencias} ${c.divergencias === 1 ? 'divergência' : 'divergências'}`;
  return 'Não conferida';
}

/** The check in short, marked: a check for conferida, a warning sign for divergences (text, not colour only). */
export function ConferenciaIndicator({ conferencia }: { conferencia: ResumoConferencia }) {
  const classe = conferencia.conferida ? estilos.conferida : conferencia.divergencias > 0 ? estilos.divergente : estilos.neutra;
  const marca = conferencia.conferida ? '✓' : conferencia.divergencias > 0 ? '⚠' : '';
  return (
    <span className={cx(estilos.base, classe)} data-conferencia={conferencia.conferida ? 'conferida' : conferencia.divergencias > 0 ? 'divergente' : 'pendente'}>
      {marca && <span aria-hidden>{marca}</span>}
      {textoConferencia(conferencia)}
    </span>
  );
}
