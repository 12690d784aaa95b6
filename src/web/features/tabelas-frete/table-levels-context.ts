import { createContext, useContext } from 'react';
import type { Percurso, TabelaFrete } from '../../../contracts/tabelas-frete';

/**
 * What a nested dialog needs from the levels above it: the table's local copy and the route being
 * edited (already merged into that copy), for the indexable descriptions and the overwrite warning.
 */
export interface TableLevels {
  tabela: TabelaFrete;
  percurso: Percurso | null;
}

export const TableLevelsContext = createContext<TableLevels | null>(null);

export function useTableLevels(): TableLevels {
  const niveis = useContext(TableLevelsContext);
  if (!niveis) throw new Error('useTableLevels fora do diálogo da tabela de frete');
  return niveis;
}
