import { useFaturas } from '../../api/faturas-api';
import { useFilteredList } from '../../ui/use-filtered-list';
import { lerDaUrl, paraConsulta, paraUrl } from './fatura-filters';

type Navegar = (to: string, options?: { replace?: boolean }) => void;

const LISTA = { caminho: '/faturas', lerDaUrl, paraUrl, paraConsulta, useLista: useFaturas };

/**
 * The Faturas list: the applied filters, page, size and sort live in the URL (back/forward and shared links
 * work); the form edits a copy that Procurar writes to the URL. `ver` (the palette's "open this fatura")
 * is not a filter.
 */
export function useFaturaList(query: URLSearchParams, navigate: Navegar) {
  return useFilteredList(query, navigate, LISTA);
}

export type FaturaList = ReturnType<typeof useFaturaList>;
