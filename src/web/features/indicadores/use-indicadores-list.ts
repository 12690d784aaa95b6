import { TITULO_ADVERTENCIA_INDICADORES } from '../../../contracts/indicadores';
import { validarFiltroIndicadores } from '../../../domain/indicadores/validar-filtro-indicadores';
import { useIndicadores } from '../../api/indicadores-api';
import type { ScreenArgs } from '../../ui/screen-args';
import { useFilteredList } from '../../ui/use-filtered-list';
import { useShowMessages } from '../../ui/use-show-messages';
import { useFieldsGate } from '../../ui/use-validated-save';
import { lerDaUrl, paraConsulta, paraFiltro, paraUrl } from './indicadores-filtros';

const LISTA = { caminho: '/indicadores', lerDaUrl, paraUrl, paraConsulta, useLista: useIndicadores };

/**
 * The /indicadores list, its filter in the URL (useFilteredList). Procurar and the export first check the
 * typed fields, then spec 03 §5 (with the CT-e number) in the 'Advertência' dialog.
 */
export function useIndicadoresList(query: URLSearchParams, navigate: ScreenArgs['navigate']) {
  const t = useFilteredList(query, navigate, LISTA);
  const mostrar = useShowMessages();
  const camposLegiveis = useFieldsGate(TITULO_ADVERTENCIA_INDICADORES);
  /** The form's filter when it may run, else null after the warning. */
  const filtroValido = () => {
    if (!camposLegiveis()) return null;
    const filtro = paraFiltro(t.filtros);
    const mensagens = validarFiltroIndicadores(filtro, true);
    if (mensagens.length === 0) return filtro;
    mostrar(mensagens, TITULO_ADVERTENCIA_INDICADORES);
    return null;
  };
  return {
    ...t,
    filtroValido,
    procurar: () => filtroValido() !== null && t.procurar(),
    /** The filter of the rows shown (the charts read the same). */
    filtroAplicado: paraFiltro(t.aplicada.filtros),
  };
}

export type IndicadoresList = ReturnType<typeof useIndicadoresList>;
