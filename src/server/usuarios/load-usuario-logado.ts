import { eq, sql } from 'drizzle-orm';
import type { UsuarioLogado } from '../../contracts/auth';
import type { Empresa } from '../../contracts/common';
import type { Db } from '../db/database';
import { ordemTexto } from '../db/ordem-texto';
import { usuario } from '../db/schema/usuario';

/** Server-only fields ride along: ativado and the session version the guard compares with the token's. */
export type UsuarioCarregado = UsuarioLogado & { ativado: boolean; sessaoVersao: number };

/**
 * The user, the union of their active profiles' codes, the profile names and the changelog flag,
 * in ONE query (run on every authenticated request).
 */
export async function loadUsuarioLogado(db: Db, id: number, empresa: Empresa): Promise<UsuarioCarregado | undefined> {
  // Written out with the table name: drizzle renders ${usuario.id} as a bare "id" in single-table selects,
  // which inside these subqueries would bind to perfil.id.
  const perfis = sql`from usuario_perfil up join perfil p on p.id = up.perfil_id`;
  const ativosDoUsuario = sql`where up.usuario_id = usuario.id and p.ativado`;
  const [linha] = await db
    .select({
      id: usuario.id,
      login: usuario.login,
      nome: usuario.nome,
      email: usuario.email,
      nivel: usuario.nivel,
      ativado: usuario.ativado,
      sessaoVersao: usuario.sessaoVersao,
      settings: usuario.settings,
      perfil: sql<string | null>`(select string_agg(p.descricao, ', ' order by ${sql.join(ordemTexto(sql`p.descricao`), sql`, `)}) ${perfis} ${ativosDoUsuario})`,
      roles: sql<string[]>`coalesce((select array_agg(distinct r.codigo order by r.codigo) ${perfis} cross join lateral unnest(p.roles) as r(codigo) ${ativosDoUsuario}), '{}'::text[])`,
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
