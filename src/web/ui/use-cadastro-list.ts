import { useEffect, useRef, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '../../contracts/common';
import type { Command } from '../commands/command-registry';
import { useCommands } from '../commands/use-commands';
import type { DataTableSort } from './data-table';
import { useExportarLista } from './use-exportar-lista';
import { useFieldsGate } from './use-validated-save';

export interface CadastroListState<F> {
  filtros: F;
  desativados: boolean;
  pagina: number;
  ordem: DataTableSort;
}

export interface CadastroListArgs<T, F> {
  /** Command id prefix, e.g. "usuarios". */
  prefixo: string;
  filtros: F;
  ordem: DataTableSort;
  // A hook: called on every render of the list, so it may call the query hooks.
  useConsulta: (estado: CadastroListState<F>) => UseQueryResult<Page<T>>;
  /** Rows per page when the server answers everything at once (UF limits): paged here. */
  porPaginaLocal?: number;
  comDesativados?: boolean;
  titulos: { novo?: string; editar: string; excluir?: string };
  pode: { criar: boolean; editar: (t: T) => boolean; excluir: (t: T) => boolean };
  /** Absent: the register has no New (UF limits, carriers from the ERP), so no command either. */
  novo?: () => void;
  editar: (t: T) => void;
  /** Absent: no removal. */
  excluir?: (t: T) => void;
  /** ?editar={id} (palette hits) opens that record's dialog once, then the URL is cleaned. */
  url?: { query: URLSearchParams; navigate: (to: string, options?: { replace?: boolean }) => void; path: string; abrir: (id: number) => void };
  /** More commands of the screen; a function gets the selected row (clone acts on it). */
  extras?: Command[] | ((atual: T | null) => Command[]);
  /**
   * Issue 32: "Exportar para Excel" / "Exportar CSV" of the list searched: GET {caminho}?formato=…&{consulta}, where
   * consulta gives the parameters the list's GET sends for a state (page and size are dropped).
   */
  exportar?: { caminho: string; lista: string; consulta: (estado: CadastroListState<F>) => object };
}

/**
 * The state and commands every register list shares (spec 01 §2 keyboard table): filters submitted with
 * Enter (or Alt+P), Ctrl+H deactivated toggle, Ctrl+N/Alt+N new, Enter/F2 edit, Delete asks to remove.
 */
export function useCadastroList<T, F extends Record<string, string>>(args: CadastroListArgs<T, F>) {
  const { prefixo, pode } = args;
  const [filtros, setFiltros] = useState<F>(args.filtros);
  const [aplicados, setAplicados] = useState<F>(args.filtros);
  const [desativados, setDesativados] = useState(false);
  const [pagina, setPaginaBruta] = useState(0);
  const [ordem, setOrdemBruta] = useState<DataTableSort>(args.ordem);
  const [selecionado, setSelecionado] = useState(0);
  const [exclusao, setExclusao] = useState<T | null>(null);
  const campoBusca = useRef<HTMLInputElement>(null);
  const filtrosLegiveis = useFieldsGate();

  const lista = args.useConsulta({ filtros: aplicados, desativados, pagina: args.porPaginaLocal ? 0 : pagina, ordem });
  const dados = lista.data;
  const local = args.porPaginaLocal;
  const todas = dados?.content ?? [];
  const linhas = local ? todas.slice(pagina * local, (pagina + 1) * local) : todas;
  const paginacao = dados && {
    page: local ? pagina : dados.number,
    pageCount: local ? Math.max(1, Math.ceil(todas.length / local)) : dados.totalPages,
    totalElements: local ? todas.length : dados.totalElements,
    onPageChange: (p: number) => {
      setPaginaBruta(p);
      setSelecionado(0);
    },
  };
  const atual = linhas[selecionado] ?? null;

  const reiniciar = () => {
    setPaginaBruta(0);
    setSelecionado(0);
  };
  const pesquisar = () => {
    if (!filtrosLegiveis()) return;
    const novos = Object.fromEntries(Object.entries(filtros).map(([k, v]) => [k, v.trim()])) as F;
    if (JSON.stringify(novos) === JSON.stringify(aplicados) && pagina === 0) void lista.refetch();
    setAplicados(novos);
    reiniciar();
  };
  const alternarDesativados = () => {
    setDesativados((d) => !d);
    reiniciar();
  };

  const idDaUrl = Number(args.url?.query.get('editar')) || null;
  useEffect(() => {
    if (idDaUrl === null || !args.url) return;
    args.url.abrir(idDaUrl);
    args.url.navigate(args.url.path, { replace: true });
    // Once per id in the URL.
  }, [idDaUrl]); // eslint-disable-line react-hooks/exhaustive-deps -- once per id in the URL; args is new on every render

  const { novo, excluir } = args;
  const comandos: Command[] = [
    {
      id: `${prefixo}.pesquisar`,
      title: 'Pesquisar',
      group: 'Ações',
      keys: ['Enter', 'Alt+P'],
      unbound: ['Enter'],
      run: () => {
        campoBusca.current?.focus();
        pesquisar();
      },
    },
    { id: `${prefixo}.editar`, title: args.titulos.editar, group: 'Ações', keys: ['Enter', 'F2'], unbound: ['Enter'], when: () => atual !== null && pode.editar(atual), run: () => atual && args.editar(atual) },
    ...(typeof args.extras === 'function' ? args.extras(atual) : (args.extras ?? [])),
  ];
  if (novo) {
    comandos.unshift({ id: `${prefixo}.novo`, title: args.titulos.novo ?? 'Novo', group: 'Ações', keys: ['Ctrl+N', 'Alt+N'], unbound: ['Ctrl+N'], when: () => pode.criar, run: novo });
  }
  if (excluir) {
    comandos.push({
      id: `${prefixo}.excluir`,
      title: args.titulos.excluir ?? 'Excluir',
      group: 'Ações',
      keys: ['Delete'],
      when: () => atual !== null && pode.excluir(atual),
      run: () => atual && setExclusao(atual),
    });
  }
  if (args.comDesativados) {
    comandos.push({ id: `${prefixo}.desativados`, title: desativados ? 'Ocultar desativados' : 'Mostrar desativados', group: 'Ações', keys: ['Ctrl+H'], run: alternarDesativados });
  }
  useCommands(comandos);
  const exportacao = useExportarLista({
    prefixo,
    lista: args.exportar?.lista ?? prefixo,
    caminho: args.exportar?.caminho ?? '',
    ativo: args.exportar !== undefined,
    statusNaTela: true,
    // The filters applied (what the grid shows), not the form's unsubmitted text.
    consulta: () => args.exportar?.consulta({ filtros: aplicados, desativados, pagina, ordem }) ?? null,
  });

  return {
    exportacao,
    filtros,
    setFiltro: (campo: keyof F, valor: string) => setFiltros((f) => ({ ...f, [campo]: valor })),
    pesquisar,
    desativados,
    alternarDesativados,
    campoBusca,
    lista,
    linhas,
    paginacao,
    ordem,
    setOrdem: (o: DataTableSort) => {
      setOrdemBruta(o);
      reiniciar();
    },
    selecionado,
    setSelecionado,
    exclusao,
    pedirExclusao: setExclusao,
    cancelarExclusao: () => setExclusao(null),
    confirmarExclusao: () => {
      if (!exclusao) return;
      setExclusao(null);
      excluir?.(exclusao);
    },
  };
}

export type CadastroList<T, F extends Record<string, string>> = ReturnType<typeof useCadastroList<T, F>>;
