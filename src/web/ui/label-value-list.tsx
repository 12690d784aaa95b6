import type { ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';

const estilos = {
  grade: css({ display: 'grid', gap: '2', fontSize: 'sm', '& dt': { fontSize: 'xs', color: 'gray.600' }, '& dd': { fontWeight: 'medium', overflowWrap: 'anywhere' } }),
  // Static classes (Panda extracts them at build time): the fatura's cards are narrower than the CT-e's blocks.
  colunas: {
    170: css({ gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }),
    200: css({ gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }),
  },
};

export type CampoLeitura = [rotulo: string, valor: ReactNode];

/** Read-only label over value pairs in a grid of columns at least `coluna` px wide; empty values show as a dash. */
export function LabelValueList({ campos, coluna }: { campos: CampoLeitura[]; coluna: keyof typeof estilos.colunas }) {
  return (
    <dl className={cx(estilos.grade, estilos.colunas[coluna])}>
      {campos.map(([rotulo, valor]) => (
        <div key={rotulo}>
          <dt>{rotulo}</dt>
          <dd>{valor === null || valor === undefined || valor === '' ? '—' : valor}</dd>
        </div>
      ))}
    </dl>
  );
}
