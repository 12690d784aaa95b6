import { useRef, useState } from 'react';
import { clonarPerfil, mensagemDesativarPerfil, type Perfil, type PerfilSalvo } from '../../../contracts/perfis';
import { buildSearch, contem } from '../../../domain/build-search';
import { mensagemSemAbrir } from '../../../contracts/erros';
import { temPermissao } from '../../../domain/permissoes';
import { buscarPerfil, useDesativarPerfil, usePerfis } from '../../api/perfis-api';
import { CadastroListScreen } from '../../ui/cadastro-list-screen';
import type { ScreenArgs } from '../../ui/screen-args';
import { TextField } from '../../ui/text-field';
import { useCadastroList, type CadastroListState } from '../../ui/use-cadastro-list';
import { perfilColumns } from './perfil-columns';
import { PerfilDialog } from './perfil-dialog';

/** Spec 01 §9: profiles list 50 per page. */
export const PERFIS_POR_PAGINA = 50;
// The server hides deactivated rows unless the search names ativado; "in" (true,false) shows them all.
const SO_ATIVOS = 'ativado:true';
const TODOS = 'ativado=in=(true,false)';

type Edicao = { chave: number; titulo: string; perfil: Perfil; aberto: boolean };

/** The list's GET parameters but the page (the export sends the same). */
const consultaPerfis = ({ filtros, desativados, ordem }: CadastroListState<{ texto: string }>) => ({
  search: buildSearch(contem('descricao', filtros.texto), desativados ? TODOS : SO_ATIVOS),
  sort: `descricao,${ordem.direction}`,
});

/** Spec 01 §2 Profiles list (/perfis): search by description, Ctrl+H, new, edit, clone, delete = deactivate. */
export function PerfisScreen({ usuario, query, navigate }: ScreenArgs) {
  const pode = { criar: temPermissao(usuario, '____PERF_C'), editar: temPermissao(usuario, '____PERF_E'), excluir: temPermissao(usuario, '____PERF_D') };
  const [edicao, setEdicao] = useState<Edicao | null>(null);
  const aberturas = useRef(0);
  const desativar = useDesativarPerfil();
  const abrir = (titulo: string, perfil: Perfil) => setEdicao({ chave: ++aberturas.current, titulo, perfil, aberto: true });
  const novo = () => abrir('Novo perfil', { descricao: '', roles: [], ativado: true });
  const editar = (p: PerfilSalvo) => abrir('Editar perfil', p);
  const clonar = (p: PerfilSalvo) => abrir('Clonar perfil', clonarPerfil(p));

  const t = useCadastroList({
    prefixo: 'perfis',
    filtros: { texto: '' },
    ordem: { field: 'descricao', direction: 'asc' },
    comDesativados: true,
    useConsulta: (estado) => usePerfis({ ...consultaPerfis(estado), page: estado.pagina, size: PERFIS_POR_PAGINA }),
    exportar: { caminho: '/perfis/exportar', lista: 'perfis', consulta: consultaPerfis },
    titulos: { novo: 'Novo perfil', editar: 'Editar perfil selecionado', excluir: 'Excluir perfil selecionado' },
    pode: { criar: pode.criar, editar: () => pode.editar, excluir: (p) => p.ativado && pode.excluir },
    novo,
    editar,
    excluir: (p) => desativar.mutate(p.id),
    // The palette's profile hits arrive as /perfis?editar={id}.
    url: { query, navigate, path: '/perfis', abrir: (id) => void buscarPerfil(id).then(editar) },
    extras: (atual) => [
      { id: 'perfis.clonar', title: 'Clonar perfil selecionado', group: 'Ações', keys: ['Alt+C'], when: () => atual !== null && pode.editar, run: () => atual && clonar(atual) },
    ],
  });

  return (
    <CadastroListScreen
      titulo="Perfis"
      rotuloBusca="Pesquisar perfis"
      estado={t}
      comDesativados
      filtros={<TextField ref={t.campoBusca} label="Pesquisar por descrição" type="search" value={t.filtros.texto} onValueChange={(v) => t.setFiltro('texto', v)} />}
      columns={perfilColumns({ pode, editar, clonar, excluir: t.pedirExclusao })}
      getRowId={(p) => p.id}
      onActivate={pode.editar ? (p) => editar(p) : undefined}
      semAbrir={mensagemSemAbrir('o perfil', 'Perfis')}
      isRowMuted={(p) => !p.ativado}
      novo={pode.criar ? { rotulo: 'Novo perfil', run: novo } : null}
      mensagemExclusao={mensagemDesativarPerfil}
    >
      {edicao && <PerfilDialog key={edicao.chave} open={edicao.aberto} titulo={edicao.titulo} perfil={edicao.perfil} onClose={() => setEdicao((e) => e && { ...e, aberto: false })} />}
    </CadastroListScreen>
  );
}
