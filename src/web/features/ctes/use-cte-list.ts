import { useEffect, useState } from 'react';
import type { CteLinha } from '../../../contracts/ctes';
import { useCtes } from '../../api/ctes-api';
import type { ScreenArgs } from '../../ui/screen-args';
import { useFilteredList } from '../../ui/use-filtered-list';
import { filtrosPadrao, lerDaUrl, ORDEM_PADRAO, paraConsulta, paraUrl } from './cte-filters';
import { selecionavel } from './cte-columns';

// Without a query (the landing page) the defaults apply; `ver` is the palette's "open this CT-e".
const LISTA = { caminho: '/ctes', lerDaUrl, paraUrl, paraConsulta, useLista: useCtes };

/**
 * The Fretes list: the applied filters, page, size and sort live in the URL (back/forward and shared links
 * work); the form edits a copy that Procurar writes to the URL. The selection and the marks belong to the page shown.
 */
export function useCteList(query: URLSearchParams, navigate: ScreenArgs['navigate']) {
  const t = useFilteredList(query, navigate, LISTA);
  const marcacao = useMarcacao(t.linhas);

  // Back/forward or a shared link: the marks go with the page they were on.
  useEffect(() => {
    marcacao.limparMarcados();
  }, [t.semVer]); // eslint-disable-line react-hooks/exhaustive-deps -- once per URL: the list object is new on every render

  return {
    ...t,
    ...marcacao,
    /** Lists exactly a period's CT-es: the default filters, the period's dates, tomador Todos (after Ler XMLs). */
    verPeriodo: (periodo: { dataIni: string; dataFim: string }) =>
      t.ir({ filtros: { ...filtrosPadrao(), ...periodo, tomadorServico: 'TODOS' }, page: 0, size: t.aplicada.size, sort: ORDEM_PADRAO }),
  };
}

export type CteList = ReturnType<typeof useCteList>;

/** The marked rows of the page shown: selectable ones only; marks of rows no longer on it are dropped. */
function useMarcacao(linhas: CteLinha[]) {
  const [marcados, setMarcados] = useState<ReadonlySet<number>>(new Set());
  // Re-listed (after a batch, another page): what left the page or stopped being selectable is unmarked.
  const ids = linhas.map((l) => l.id).join(',');
  useEffect(() => {
    setMarcados((m) => {
      const validos = new Set(linhas.filter((l) => m.has(l.id) && selecionavel(l)).map((l) => l.id));
      return validos.size === m.size ? m : validos;
    });
  }, [ids]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed on the page's ids, not on each render's array
  const selecionaveis = linhas.filter(selecionavel);
  return {
    marcados,
    marcadasLinhas: linhas.filter((l) => marcados.has(l.id)),
    alternar: (c: CteLinha) => {
      if (!selecionavel(c)) return;
      setMarcados((m) => {
        const n = new Set(m);
        if (n.has(c.id)) n.delete(c.id);
        else n.add(c.id);
        return n;
      });
    },
    /** All selectable rows of the page, or none when they all are already marked. */
    alternarTodos: () => setMarcados((m) => (selecionaveis.length > 0 && selecionaveis.every((l) => m.has(l.id)) ? new Set() : new Set(selecionaveis.map((l) => l.id)))),
    limparMarcados: () => setMarcados(new Set()),
  };
}
