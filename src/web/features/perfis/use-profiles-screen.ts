import { useEffect, useRef, useState } from 'react';
import type { UsuarioLogado } from '../../../contracts/auth';
import { clonarPerfil, type Perfil, type PerfilSalvo } from '../../../contracts/perfis';
import { buildSearch, contem } from '../../../domain/build-search';
import { temPermissao } from '../../../domain/permissions';
import { useDesativarPerfil, usePerfil, usePerfis } from '../../api/perfis-api';
import { useCommands } from '../../commands/use-commands';

/** Spec 01 §9: profiles list 50 per page. */
export const PERFIS_POR_PAGINA = 50;
// The server hides deactivated rows unless the search names ativado; "in" (true,false) shows them all.
const SO_ATIVOS = 'ativado:true';
const TODOS = 'ativado=in=(true,false)';

export interface ProfilesScreenArgs {
  usuario: UsuarioLogado;
  query: URLSearchParams;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

export function useProfilesScreen({ usuario, query, navigate }: ProfilesScreenArgs) {
  const pode = { criar: temPermissao(usuario, '____PERF_C'), editar: temPermissao(usuario, '____PERF_E'), excluir: temPermissao(usuario, '____PERF_D') };
  const [texto, setTexto] = useState('');
  const [busca, setBusca] = useState('');
  const [desativados, setDesativados] = useState(false);
  const [pagina, setPagina] = useState(0);
  const [direcao, setDirecao] = useState<'asc' | 'desc'>('asc');
  const [selecionado, setSelecionado] = useState(0);
  const [edicao, setEdicao] = useState<{ chave: number; titulo: string; perfil: Perfil; aberto: boolean } | null>(null);
  const [exclusao, setExclusao] = useState<PerfilSalvo | null>(null);
  const campoBusca = useRef<HTMLInputElement>(null);
  const aberturas = useRef(0);

  const lista = usePerfis({ search: buildSearch(contem('descricao', busca), desativados ? TODOS : SO_ATIVOS), sort: `descricao,${direcao}`, page: pagina, size: PERFIS_POR_PAGINA });
  const linhas = lista.data?.content ?? [];
  const atual = linhas[selecionado] ?? null;
  const desativar = useDesativarPerfil();

  const abrir = (titulo: string, perfil: Perfil) => setEdicao({ chave: ++aberturas.current, titulo, perfil, aberto: true });
  const novo = () => abrir('Novo perfil', { descricao: '', roles: [], ativado: true });
  const editar = (p: PerfilSalvo) => abrir('Editar perfil', p);
  const clonar = (p: PerfilSalvo) => abrir('Clonar perfil', clonarPerfil(p));
  const reiniciar = () => {
    setPagina(0);
    setSelecionado(0);
  };
  const pesquisar = () => {
    const termo = texto.trim();
    if (termo === busca && pagina === 0) void lista.refetch();
    setBusca(termo);
    reiniciar();
  };
  const alternarDesativados = () => {
    setDesativados(!desativados);
    reiniciar();
  };

  // The palette's profile hits arrive as /perfis?editar={id}.
  const editarId = Number(query.get('editar')) || null;
  const perfilDaUrl = usePerfil(editarId !== null && pode.editar ? editarId : null);
  useEffect(() => {
    if (!perfilDaUrl.data) return;
    editar(perfilDaUrl.data);
    navigate('/perfis', { replace: true });
    // Once per fetched profile: the other values are read fresh from this render.
  }, [perfilDaUrl.data]);

  useCommands([
    { id: 'perfis.novo', title: 'Novo perfil', group: 'Ações', keys: ['Ctrl+N', 'Alt+N'], unbound: ['Ctrl+N'], when: () => pode.criar, run: novo },
    {
      id: 'perfis.pesquisar',
      title: 'Pesquisar',
      group: 'Ações',
      keys: ['Enter', 'Alt+P'],
      unbound: ['Enter'],
      run: () => {
        campoBusca.current?.focus();
        pesquisar();
      },
    },
    { id: 'perfis.desativados', title: desativados ? 'Ocultar desativados' : 'Mostrar desativados', group: 'Ações', keys: ['Ctrl+H'], run: alternarDesativados },
    { id: 'perfis.editar', title: 'Editar perfil selecionado', group: 'Ações', keys: ['Enter', 'F2'], unbound: ['Enter'], when: () => atual !== null && pode.editar, run: () => atual && editar(atual) },
    { id: 'perfis.clonar', title: 'Clonar perfil selecionado', group: 'Ações', keys: ['Alt+C'], when: () => atual !== null && pode.editar, run: () => atual && clonar(atual) },
    {
      id: 'perfis.excluir',
      title: 'Excluir perfil selecionado',
      group: 'Ações',
      keys: ['Delete'],
      when: () => atual !== null && atual.ativado && pode.excluir,
      run: () => atual && setExclusao(atual),
    },
  ]);

  return {
    pode,
    texto,
    setTexto,
    pesquisar,
    desativados,
    alternarDesativados,
    campoBusca,
    lista,
    linhas,
    pagina,
    setPagina: (p: number) => {
      setPagina(p);
      setSelecionado(0);
    },
    direcao,
    setDirecao: (d: 'asc' | 'desc') => {
      setDirecao(d);
      reiniciar();
    },
    selecionado,
    setSelecionado,
    novo,
    editar,
    clonar,
    edicao,
    fecharEdicao: () => setEdicao((e) => e && { ...e, aberto: false }),
    exclusao,
    pedirExclusao: setExclusao,
    cancelarExclusao: () => setExclusao(null),
    confirmarExclusao: () => {
      if (!exclusao) return;
      setExclusao(null);
      desativar.mutate(exclusao.id);
    },
  };
}
