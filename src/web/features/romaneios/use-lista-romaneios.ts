import { useRomaneios } from '../../api/romaneios-api';
import type { ScreenArgs } from '../../ui/screen-args';
import { useFilteredList } from '../../ui/use-filtered-list';
import { lerDaUrl, paraConsulta, paraUrl } from './romaneio-filtros';

// The filtered list of the "Romaneios de frete" tab, apart so the tab and its commands share its type.
const lerLista = (q: URLSearchParams) => lerDaUrl(q);
const LISTA = { caminho: '/romaneios', lerDaUrl: lerLista, paraUrl, paraConsulta, useLista: useRomaneios };

export const useListaRomaneios = (query: URLSearchParams, navigate: ScreenArgs['navigate']) => useFilteredList(query, navigate, LISTA);
export type ListaFiltradaRomaneios = ReturnType<typeof useListaRomaneios>;
