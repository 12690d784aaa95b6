import { useEffect, useMemo, useRef, useState } from 'react';
import type { CteLinha } from '../../../contracts/ctes';
import { useCtes } from '../../api/ctes-api';
import type { DataTableSort } from '../../ui/data-table';
import { TITULO_ADVERTENCIA } from '../../ui/message-list';
import { useFieldsGate } from '../../ui/use-validated-save';
import { filtrosPadrao, lerDaUrl, ORDEM_PADRAO, paraConsulta, paraUrl, type FiltrosCte, type ListaCte } from './cte-filters';
import { selecionavel } from './cte-columns';

type Navegar = (to: string, options?: { replace?: boolean }) => void;

/**
 * The Fretes list: the applied filters, page, size and sort live in the URL (back/forward and shared links
 * work); the form edits a copy that Procurar writes to the URL. The selection belongs to the page shown.
 */
export function useCteList(query: URLSearchParams, navigate: Navegar) {
  const chaveUrl = query.toString();
  // Without a query (the landing page) the defaults apply; `ver` is the palette's "open this CT-e".
  const aplicada = useMemo(() => lerDaUrl(query), [chaveUrl]);
  const [filtros, setFiltros] = useState<FiltrosCte>(aplicada.filtros);
  const [selecionado, setSelecionado] = useState(0);
  const campoInicial = useRef<HTMLInputElement>(null);
  const filtrosLegiveis = useFieldsGate(TITULO_ADVERTENCIA);

  const semVer = useMemo(() => {
    const p = new URLSearchParams(query);
    p.delete('ver');
    return p.toString();
  }, [chaveUrl]);

  const consulta = useMemo(() => paraConsulta(aplicada), [aplicada]);
  const lista = useCtes(consulta);
  const linhas: CteLinha[] = lista.data?.content ?? [];
  const marcacao = useMarcacao(linhas);

  // Back/forward or a shared link: the form shows what the URL says.
  useEffect(() => {
    setFiltros(aplicada.filtros);
    setSelecionado(0);
    marcacao.limparMarcados();
  }, [semVer]);

  const ir = (l: ListaCte, replace = false) => {
    const url = paraUrl(l);
    if (url === `/ctes?${query.toString()}`) void lista.refetch();
    else navigate(url, { replace });
  };

  return {
    aplicada,
    filtros,
    set: (patch: Partial<FiltrosCte>) => setFiltros((f) => ({ ...f, ...patch })),
    campoInicial,
    procurar: () => filtrosLegiveis() && ir({ ...aplicada, filtros, page: 0 }),
    lista,
    linhas,
    atual: linhas[selecionado] ?? null,
    selecionado,
    setSelecionado,
    ...marcacao,
    paginacao: lista.data && {
      page: lista.data.number,
      pageCount: lista.data.totalPages,
      totalElements: lista.data.totalElements,
      onPageChange: (page: number) => ir({ ...aplicada, page }),
      pageSize: aplicada.size,
      onPageSizeChange: (size: number) => ir({ ...aplicada, size, page: 0 }),
    },
    setOrdem: (sort: DataTableSort) => ir({ ...aplicada, sort, page: 0 }),
    /** Lists exactly a period's CT-es: the default filters, the period's dates, tomador Todos (after Ler XMLs). */
    verPeriodo: (periodo: { dataIni: string; dataFim: string }) =>
      ir({ filtros: { ...filtrosPadrao(), ...periodo, tomadorServico: 'TODOS' }, page: 0, size: aplicada.size, sort: ORDEM_PADRAO }),
    /** Removes ?ver= once its dialog is open (the filters stay). */
    limparVer: () => navigate(semVer ? `/ctes?${semVer}` : '/ctes', { replace: true }),
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
  }, [ids]);
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
