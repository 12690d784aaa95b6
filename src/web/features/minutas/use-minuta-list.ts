import { useEffect, useState } from 'react';
import type { MinutaLinha } from '../../../contracts/minutas';
import { minutaCompleta } from '../../../domain/minutas/completude-minuta';
import { useMinutas } from '../../api/minutas-api';
import type { ScreenArgs } from '../../ui/screen-args';
import { useFilteredList } from '../../ui/use-filtered-list';
import { lerDaUrl, paraConsulta, paraUrl } from './minuta-filters';

const LISTA = { caminho: '/minutas', lerDaUrl, paraUrl, paraConsulta, useLista: useMinutas };

/**
 * The Minutas list: the applied filters, page and sort live in the URL (back/forward and shared links work);
 * the form edits a copy that Procurar writes to the URL. The marks belong to the page shown and only
 * complete minutas take one (spec 03 §4).
 */
export function useMinutaList(query: URLSearchParams, navigate: ScreenArgs['navigate']) {
  const t = useFilteredList(query, navigate, LISTA);
  const marcacao = useMarcacao(t.linhas);
  useEffect(() => {
    marcacao.limparMarcados();
  }, [t.semVer]); // eslint-disable-line react-hooks/exhaustive-deps -- once per URL: the list object is new on every render
  return { ...t, ...marcacao };
}

export type MinutaList = ReturnType<typeof useMinutaList>;

/** The marked rows of the page shown; a row that left the page or stopped being complete loses its mark. */
function useMarcacao(linhas: MinutaLinha[]) {
  const [marcados, setMarcados] = useState<ReadonlySet<number>>(new Set());
  const assinatura = linhas.map((l) => `${l.id}:${l.versao}:${l.status}`).join(',');
  useEffect(() => {
    setMarcados((m) => {
      const validos = new Set(linhas.filter((l) => m.has(l.id) && minutaCompleta(l)).map((l) => l.id));
      return validos.size === m.size ? m : validos;
    });
  }, [assinatura]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed on the page's rows, not on each render's array
  const completas = linhas.filter(minutaCompleta);
  const todasMarcadas = completas.length > 0 && completas.every((l) => marcados.has(l.id));
  return {
    marcados,
    /** Every complete row of the page is marked ("select all" checked); some: indeterminate. */
    todasMarcadas,
    algumaMarcada: marcados.size > 0,
    alternar: (l: MinutaLinha) => {
      if (!minutaCompleta(l)) return;
      setMarcados((m) => {
        const n = new Set(m);
        if (n.has(l.id)) n.delete(l.id);
        else n.add(l.id);
        return n;
      });
    },
    /** Spec 03 §2.5: the header checkbox marks every complete minuta of the page, or none when all are. */
    alternarTodas: () => setMarcados(todasMarcadas ? new Set() : new Set(completas.map((l) => l.id))),
    limparMarcados: () => setMarcados(new Set()),
  };
}
