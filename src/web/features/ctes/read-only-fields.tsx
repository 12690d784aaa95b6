import { css } from '../../../../styled-system/css';

const estilos = {
  grade: css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: '2', fontSize: 'sm', '& dt': { fontSize: 'xs', color: 'gray.600' }, '& dd': { fontWeight: 'medium', overflowWrap: 'anywhere' } }),
  titulo: css({ fontSize: 'sm', fontWeight: 'semibold', mt: '2', mb: '1' }),
};

export type Campo = [rotulo: string, valor: string | number | null | undefined];

/** A read-only block of the CT-e document: label over value, empty values shown as a dash. */
export function ReadOnlyFields({ titulo, campos }: { titulo?: string; campos: Campo[] }) {
  return (
    <section aria-label={titulo}>
      {titulo && <h3 className={estilos.titulo}>{titulo}</h3>}
      <dl className={estilos.grade}>
        {campos.map(([rotulo, valor]) => (
          <div key={rotulo}>
            <dt>{rotulo}</dt>
            <dd>{valor === null || valor === undefined || valor === '' ? '—' : valor}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
