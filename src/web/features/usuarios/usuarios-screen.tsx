import { useEffect, useRef, useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { Usuario } from '../../../contracts/usuarios';
import { buildSearch } from '../../../domain/build-search';
import { mensagemSemAbrir } from '../../../contracts/erros';
import { temPermissao } from '../../../domain/permissoes';
import { emAlgumCampo } from '../../api/search-terms';
import { pingUsuarios, usuariosApi } from '../../api/usuarios-api';
import { CadastroListScreen } from '../../ui/cadastro-list-screen';
import { rowActionsColumn } from '../../ui/row-actions';
import type { ScreenArgs } from '../../ui/screen-args';
import { TextField } from '../../ui/text-field';
import { useCadastroList, type CadastroListState } from '../../ui/use-cadastro-list';
import { UsuarioDialog } from './usuario-dialog';

/** Spec 01 §9: users 50 per page. */
export const USUARIOS_POR_PAGINA = 50;
/** Spec 01 §4: the user whose login is admin cannot be deactivated. */
export const LOGIN_ADMIN = 'admin';

const situacao = css({ fontSize: 'xs', fontWeight: 'semibold', '&[data-ativo=false]': { color: 'red.700' } });
type Edicao = { chave: number; id: number | null; registro: Usuario | null; aberto: boolean };

/** The list's GET parameters but the page (the export sends the same). */
const consultaUsuarios = ({ filtros, ordem, desativados }: CadastroListState<{ texto: string }>) => ({
  search: buildSearch(emAlgumCampo(['login', 'nome', 'email'], filtros.texto), desativados ? 'ativado=in=(true,false)' : 'ativado:true'),
  sort: `${ordem.field},${ordem.direction}`,
});

/** Users (/usuarios): search by login, name or e-mail, Ctrl+H deactivated, DELETE deactivates. */
export function UsuariosScreen({ usuario, query, navigate }: ScreenArgs) {
  const pode = { criar: temPermissao(usuario, '____USER_C'), editar: temPermissao(usuario, '____USER_E'), excluir: temPermissao(usuario, '____USER_D') };
  const [edicao, setEdicao] = useState<Edicao | null>(null);
  const aberturas = useRef(0);
  const desativar = usuariosApi.useExcluir();
  const abrir = (registro: Usuario | null, id: number | null = registro?.id ?? null) => setEdicao({ chave: ++aberturas.current, id, registro, aberto: true });
  const podeDesativar = (u: Usuario) => pode.excluir && u.ativado && u.login !== LOGIN_ADMIN;

  // Spec 01 §2: the screen pings the server on opening (the shell only renders it for a known user).
  useEffect(() => {
    pingUsuarios().catch(() => {});
  }, []);

  const t = useCadastroList({
    prefixo: 'usuarios',
    filtros: { texto: '' },
    ordem: { field: 'nome', direction: 'asc' },
    comDesativados: true,
    useConsulta: (estado) => usuariosApi.useLista({ ...consultaUsuarios(estado), page: estado.pagina, size: USUARIOS_POR_PAGINA }),
    exportar: { caminho: '/usuarios/exportar', lista: 'usuarios', consulta: consultaUsuarios },
    titulos: { novo: 'Novo usuário', editar: 'Editar usuário selecionado', excluir: 'Desativar usuário selecionado' },
    pode: { criar: pode.criar, editar: () => pode.editar, excluir: podeDesativar },
    novo: () => abrir(null),
    editar: (u) => abrir(u),
    excluir: (u) => desativar.mutate(u.id),
    url: { query, navigate, path: '/usuarios', abrir: (id) => abrir(null, id) },
  });

  return (
    <CadastroListScreen
      titulo="Usuários"
      rotuloBusca="Pesquisar usuários"
      estado={t}
      comDesativados
      filtros={<TextField ref={t.campoBusca} label="Pesquisar por login, nome ou e-mail" type="search" value={t.filtros.texto} onValueChange={(v) => t.setFiltro('texto', v)} />}
      columns={[
        { id: 'login', kind: 'code', header: 'Login', sortable: true, cell: (u) => u.login },
        { id: 'nome', kind: 'name', header: 'Nome', sortable: true, cell: (u) => u.nome },
        { id: 'email', kind: 'text', header: 'E-mail', sortable: true, cell: (u) => u.email ?? '' },
        { id: 'perfis', kind: 'text', header: 'Perfis', cell: (u) => u.perfis.map((p) => p.descricao).join(', ') },
        {
          id: 'situacao', kind: 'code',
          header: 'Situação',
          cell: (u) => (
            <span className={situacao} data-ativo={u.ativado}>
              {u.ativado ? 'Ativo' : 'Desativado'}
            </span>
          ),
        },
        rowActionsColumn<Usuario>({ nome: (u) => u.login, editar: pode.editar ? (u) => abrir(u) : null, excluir: pode.excluir ? t.pedirExclusao : null, podeExcluir: podeDesativar }),
      ]}
      getRowId={(u) => u.id}
      onActivate={pode.editar ? (u) => abrir(u) : undefined}
      semAbrir={mensagemSemAbrir('o usuário', 'Usuários')}
      isRowMuted={(u) => !u.ativado}
      novo={pode.criar ? { rotulo: 'Novo usuário', run: () => abrir(null) } : null}
      mensagemExclusao={(u) => `Deseja desativar o usuário "${u.login}"?`}
    >
      {edicao && (
        <UsuarioDialog
          key={edicao.chave}
          open={edicao.aberto}
          id={edicao.id}
          registro={edicao.registro}
          podeSalvar={edicao.id ? pode.editar : pode.criar}
          logado={usuario}
          onClose={() => setEdicao((e) => e && { ...e, aberto: false })}
        />
      )}
    </CadastroListScreen>
  );
}
