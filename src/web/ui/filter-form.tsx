import type { FormEvent, ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { Button } from './button';
import { KeyCombo } from './key-combo';

const estilos = {
  form: css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: '3', alignItems: 'end', mb: '3' }),
  // Two columns and wrapping: "Procurar" beside a long action ("Novo romaneio Ctrl+N / Alt+N") never runs off the screen.
  botoes: css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'end', gridColumn: 'span 2' }),
};

/** A filter that takes two columns of the filter grid. */
export const filtroLargo = css({ gridColumn: 'span 2' });

export interface FilterFormProps {
  /** The search region's name, e.g. "Filtros de faturas". */
  label: string;
  onSubmit: () => void;
  /** The filters. */
  children: ReactNode;
  /** Buttons after Procurar. */
  acoes?: ReactNode;
}

/** A list screen's filters: a search region in a grid, ending in Procurar; Enter in any field (or Alt+P) searches. */
export function FilterForm({ label, onSubmit, children, acoes }: FilterFormProps) {
  return (
    <form
      role="search"
      aria-label={label}
      className={estilos.form}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className={estilos.botoes}>
        <Button type="submit" variant="primary" aria-keyshortcuts="Alt+P">
          Procurar <KeyCombo keys={['Alt+P']} />
        </Button>
        {acoes}
      </div>
    </form>
  );
}
