import { eq, sql } from 'drizzle-orm';
import type { Usuario } from '../../contracts/usuarios';
import type { Db } from '../db/database';
import { ordemTexto } from '../db/ordem-texto';
import { usuario } from '../db/schema/usuario';
import type { UsuarioCarregado } from './load-usuario-logado';

/** Spec 01 §4: the user whose login is admin is never deactivated nor loses the ADMIN level. */
export const LOGIN_ADMIN = 'admin';
export const ehLoginAdmin = (login: string) => login.toLowerCase() === LOGIN_ADMIN;

const CODIGOS_GESTAO_USUARIOS = ['____USER_M', '____USER_C', '____USER_E', '____USER_D'];
/** Who manages users (an ADMIN, or a ____USER_* code): only they see other users' logins. */
export const gereUsuarios = (u: UsuarioCarregado) => u.nivel === 'ADMIN' || u.roles.some((r) => CODIGOS_GESTAO_USUARIOS.includes(r));

// The profiles in the same query (no N+1); the table name is written out (see load-usuario-logado.ts).
const porDescricao = sql.join(ordemTexto(sql`p.descricao`), sql`, `);
export const colunasUsuario = {
  id: usuario.id,
  login: usuario.login,
  nome: usuario.nome,
  email: usuario.email,
  nivel: usuario.nivel,
  ativado: usuario.ativado,
  versao: usuario.versao,
  perfis: sql<Usuario['perfis']>`coalesce((select json_agg(json_build_object('id', p.id, 'descricao', p.descricao) order by ${porDescricao}) from usuario_perfil up join perfil p on p.id = up.perfil_id where up.usuario_id = usuario.id), '[]'::json)`,
};

export async function lerUsuario(db: Db, id: number): Promise<Usuario | undefined> {
  const [linha] = await db.select(colunasUsuario).from(usuario).where(eq(usuario.id, id));
  return linha as Usuario | undefined;
}
