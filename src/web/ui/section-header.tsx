import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { Button } from './button';
import { KeyCombo } from './key-combo';

const estilos = {
  cabecalho: css({ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: '3', mb: '2', flexWrap: 'wrap' }),
  titulo: css({ fontSize: 'sm', fontWeight: 'semibold', mr: 'auto' }),
};

export interface SectionHeaderProps {
  titulo: string;
  /** The "Novo …" button's text; absent (with onNovo): a read-only grid, no button. */
  novo?: string;
  tecla?: string;
  onNovo?: () => void;
  children?: ReactNode;
}

/** A grid's heading, its filters and its "Novo …" button with the key that does the same. */
export function SectionHeader({ titulo, novo, tecla, onNovo, children }: SectionHeaderProps) {
  return (
    <div className={estilos.cabecalho}>
      <h3 className={estilos.titulo}>{titulo}</h3>
      {children}
      {onNovo && novo && (
        <Button size="sm" aria-keyshortcuts={tecla} onClick={onNovo}>
          {novo} <KeyCombo keys={tecla ? [tecla] : []} />
        </Button>
      )}
    </div>
  );
}
