import { eq, sql } from 'drizzle-orm';
import type { UsuarioLogado } from '../../contracts/auth';
import type { Empresa } from '../../contracts/common';
import type { Db } from '../db/database';
import { ordemTexto } from '../db/ordem-texto';
import { usuario } from '../db/schema/usuario';

/** Server-only fields ride along: ativado and the session version the guard compares with the token's. */
export type UsuarioCarregado = UsuarioLogado & { ativado: boolean; sessaoVersao: number };

/** What every answer about a user carries (the logged user here, the register's rows in colunas-usuario.ts). */
export const dadosUsuario = {
  id: usuario.id,
  login: usuario.login,
  nome: usuario.nome,
  email: usuario.email,
  nivel: usuario.nivel,
  ativado: usuario.ativado,
};

// Subqueries over the user's profiles, in the user's own statement (no N+1). Written out with the table
// name: drizzle renders ${usuario.id} as a bare "id" in single-table selects, which inside these subqueries
// would bind to perfil.id.
export const dePerfis = sql`from usuario_perfil up join perfil p on p.id = up.perfil_id`;
export const doUsuario = sql`where up.usuario_id = usuario.id`;
export const perfisPorDescricao = sql.join(ordemTexto(sql`p.descricao`), sql`, `);

/**
 * The user, the union of their active profiles' codes, the profile names and the changelog flag,
 * in ONE query. The permission guard asks auth/cache-usuarios.ts, which runs it once per user until a
 * change forgets it (docs/decisoes.md §6).
 */
export async function loadUsuarioLogado(db: Db, id: number, empresa: Empresa): Promise<UsuarioCarregado | undefined> {
  const [linha] = await db
    .select({
      ...dadosUsuario,
      sessaoVersao: usuario.sessaoVersao,
      settings: usuario.settings,
      perfil: sql<string | null>`(select string_agg(p.descricao, ', ' order by ${perfisPorDescricao}) ${dePerfis} ${doUsuario} and p.ativado)`,
      roles: sql<string[]>`coalesce((select array_agg(distinct r.codigo order by r.codigo) ${dePerfis} cross join lateral unnest(p.roles) as r(codigo) ${doUsuario} and p.ativado), '{}'::text[])`,
      mostrarChangelog: sql<boolean>`exists(select 1 from versao_sistema v where v.id > coalesce((usuario.settings ->> 'ultimaVersao')::int, 0))`,
    })
    .from(usuario)
    .where(eq(usuario.id, id));
  if (!linha) return undefined;
  return {
    ...linha,
    authorities: linha.roles,
    principal: linha.login,
    empresa,
  };
}
