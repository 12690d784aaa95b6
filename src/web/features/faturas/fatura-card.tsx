import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { LabelValueList, type CampoLeitura } from '../../ui/label-value-list';

const estilos = {
  cartao: css({ borderWidth: '1px', borderColor: 'gray.200', borderRadius: 'md', px: '4', py: '3', bg: 'white' }),
  titulo: css({ fontSize: 'sm', fontWeight: 'semibold', mb: '2', color: 'gray.900' }),
};

/** A read-only card of the fatura modal (spec 03 §2.4): a titled region, label over value, empty values as a dash. */
export function FaturaCard({ titulo, campos = [], children }: { titulo: string; campos?: CampoLeitura[]; children?: ReactNode }) {
  return (
    <section aria-label={titulo} className={estilos.cartao}>
      <h3 className={estilos.titulo}>{titulo}</h3>
      {campos.length > 0 && <LabelValueList campos={campos} coluna={170} />}
      {children}
    </section>
  );
}
