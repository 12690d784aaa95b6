import { createContext, useContext } from 'react';
import type { Percurso, TabelaFrete } from '../../../contracts/tabela-frete-modelo';

/**
 * What a nested dialog needs from the levels above it: the table's local copy and the route being
 * edited (already merged into that copy), for the indexable descriptions and the overwrite warning.
 */
export interface NiveisTabela {
  tabela: TabelaFrete;
  percurso: Percurso | null;
}

export const NiveisTabelaContext = createContext<NiveisTabela | null>(null);

export function useNiveisTabela(): NiveisTabela {
  const niveis = useContext(NiveisTabelaContext);
  if (!niveis) throw new Error('useNiveisTabela fora do diálogo da tabela de frete');
  return niveis;
}
