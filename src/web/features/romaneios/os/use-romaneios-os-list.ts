import { useRomaneiosOs } from '../../../api/romaneios-os-api';
import type { ScreenArgs } from '../../../ui/screen-args';
import { useFilteredList } from '../../../ui/use-filtered-list';
import { lerDaUrl, outrosParametros, paraConsulta, paraUrl } from './romaneio-os-filtros';

const lerLista = (q: URLSearchParams) => lerDaUrl(q);

/**
 * The service-order manifest list: the applied filters and page live in the URL of /romaneios (back/forward
 * and shared links work), beside the screen's own parameters (its tab), which are kept as they are.
 */
export function useRomaneiosOsList(query: URLSearchParams, navigate: ScreenArgs['navigate']) {
  const outros = outrosParametros(query);
  return useFilteredList(query, navigate, {
    caminho: '/romaneios',
    lerDaUrl: lerLista,
    paraUrl: (l) => paraUrl(l, outros),
    paraConsulta,
    useLista: useRomaneiosOs,
  });
}

export type RomaneiosOsList = ReturnType<typeof useRomaneiosOsList>;
