import { eq, sql } from 'drizzle-orm';
import type { Usuario } from '../../contracts/usuarios';
import type { Db } from '../db/database';
import { usuario } from '../db/schema/usuario';
import { CODIGOS_USUARIOS } from '../../contracts/permissoes';
import { dadosUsuario, dePerfis, doUsuario, perfisPorDescricao, type UsuarioCarregado } from './load-usuario-logado';

/** Spec 01 §4: the user whose login is admin is never deactivated nor loses the ADMIN level. */
export const LOGIN_ADMIN = 'admin';
export const ehLoginAdmin = (login: string) => login.toLowerCase() === LOGIN_ADMIN;

/** Who manages users (an ADMIN, or one who may read the register): only they see other users' logins. */
export const gereUsuarios = (u: UsuarioCarregado) => u.nivel === 'ADMIN' || CODIGOS_USUARIOS.some((c) => u.roles.includes(c));

export const colunasUsuario = {
  ...dadosUsuario,
  versao: usuario.versao,
  perfis: sql<Usuario['perfis']>`coalesce((select json_agg(json_build_object('id', p.id, 'descricao', p.descricao) order by ${perfisPorDescricao}) ${dePerfis} ${doUsuario}), '[]'::json)`,
};

export async function lerUsuario(db: Db, id: number): Promise<Usuario | undefined> {
  const [linha] = await db.select(colunasUsuario).from(usuario).where(eq(usuario.id, id));
  return linha as Usuario | undefined;
}
