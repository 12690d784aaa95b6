import { css } from '../../../../styled-system/css';
import { LabelValueList } from '../../ui/label-value-list';

const estilos = {
  titulo: css({ fontSize: 'sm', fontWeight: 'semibold', mt: '2', mb: '1' }),
};

export type Campo = [rotulo: string, valor: string | number | null | undefined];

/** A read-only block of the CT-e document: label over value, empty values shown as a dash. */
export function ReadOnlyFields({ titulo, campos }: { titulo?: string; campos: Campo[] }) {
  return (
    <section aria-label={titulo}>
      {titulo && <h3 className={estilos.titulo}>{titulo}</h3>}
      <LabelValueList campos={campos} coluna={200} />
    </section>
  );
}
