import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { useCommands } from '../commands/use-commands';
import { Button } from './button';
import { KeyCombo } from './key-combo';
import { TECLA_FILTROS, useDobraDosFiltros } from './use-dobra-dos-filtros';

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

/**
 * A list screen's filters: a search region in a grid, ending in Procurar; Enter in any field (or Alt+P) searches.
 * On a screen whose list would start below the fold, the filters fold into their first line ("Mais filtros",
 * Alt+Shift+F, unfolds them; use-dobra-dos-filtros.ts).
 */
export function FilterForm({ label, onSubmit, children, acoes }: FilterFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const botoes = useRef<HTMLDivElement>(null);
  const dobra = useDobraDosFiltros(form, botoes);
  const id = useId();
  useCommands(
    dobra.dobravel
      ? [{ id: `filtros:${id}:dobrar`, title: dobra.aberto ? 'Menos filtros' : 'Mais filtros', group: 'Ações', keys: [TECLA_FILTROS], run: dobra.alternar }]
      : [],
  );
  return (
    <form
      ref={form}
      role="search"
      aria-label={label}
      className={estilos.form}
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div ref={botoes} className={estilos.botoes}>
        <Button type="submit" variant="primary" aria-keyshortcuts="Alt+P">
          Procurar <KeyCombo keys={['Alt+P']} />
        </Button>
        {dobra.dobravel && (
          <Button type="button" aria-expanded={dobra.aberto} aria-keyshortcuts={TECLA_FILTROS} onClick={dobra.alternar}>
            {dobra.aberto ? 'Menos filtros' : `Mais filtros (${dobra.ocultos}${dobra.emUso ? `, ${dobra.emUso} em uso` : ''})`} <KeyCombo keys={[TECLA_FILTROS]} />
          </Button>
        )}
        {acoes}
      </div>
    </form>
  );
}
