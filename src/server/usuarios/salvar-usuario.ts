import type { Context } from 'hono';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { MSG_SENHA_IGUAL_ATUAL } from '../../contracts/auth';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../contracts/common';
import { MSG_REGISTRO_NAO_ENCONTRADO, MSG_SEM_PERMISSAO } from '../../contracts/erros';
import {
  MSG_ADMIN_NAO_DESATIVA,
  MSG_USUARIO_LOGIN_ALTERADO,
  MSG_USUARIO_LOGIN_DUPLICADO,
  MSG_USUARIO_PERFIL_DESCONHECIDO,
  MSG_USUARIO_PROPRIA_SENHA,
  MSG_USUARIO_PROPRIOS_PERFIS,
  NIVEL_PADRAO_USUARIO,
  type Usuario,
  type UsuarioCadastro,
} from '../../contracts/usuarios';
import type { AppEnv } from '../app-env';
import { esquecerUsuario } from '../auth/cache-usuarios';
import { emitirToken } from '../auth/emitir-token';
import { hashPassword, verifyPassword } from '../auth/senha';
import type { Db } from '../db/database';
import { perfil } from '../db/schema/perfil';
import { usuario } from '../db/schema/usuario';
import { usuarioPerfil } from '../db/schema/usuario-perfil';
import { violouUnico } from '../db/violou-unico';
import { ApiError, badRequest } from '../http/api-error';
import type { ServerContext } from '../server-context';
import { ehLoginAdmin, lerUsuario } from './colunas-usuario';

const proibido = (mensagem = MSG_SEM_PERMISSAO) => new ApiError(403, [mensagem]);

/** POST /usuarios (spec 01 §5, User save): 201 with the new user, or 200 with the edited one. */
export async function salvarUsuario(c: Context<AppEnv>, ctx: ServerContext, dados: UsuarioCadastro): Promise<Response> {
  const { db } = c.get('banco');
  // Only an ADMIN grants the ADMIN level or touches an ADMIN user (else ____USER_E would be a way to become one).
  if (dados.nivel === 'ADMIN' && c.get('usuario').nivel !== 'ADMIN') throw proibido();
  const perfilIds = [...new Set(dados.perfis.map((p) => p.id))];
  const existentes = await db.select({ id: perfil.id }).from(perfil).where(inArray(perfil.id, perfilIds));
  if (existentes.length !== perfilIds.length) throw badRequest(MSG_USUARIO_PERFIL_DESCONHECIDO);
  if (dados.id === undefined) return c.json<Usuario>(await criar(db, dados, perfilIds), 201);
  return c.json<Usuario>(await editar(c, ctx, dados.id, dados, perfilIds), 200);
}

async function criar(db: Db, dados: UsuarioCadastro, perfilIds: number[]): Promise<Usuario> {
  const [duplicado] = await db.select({ id: usuario.id }).from(usuario).where(sql`lower(${usuario.login}) = lower(${dados.login})`);
  if (duplicado) throw new ApiError(409, [MSG_USUARIO_LOGIN_DUPLICADO]);
  const senhaHash = await hashPassword(dados.senha!);
  const email = dados.email || null;
  try {
    const id = await db.transaction(async (tx) => {
      const [novo] = await tx
        .insert(usuario)
        .values({ login: dados.login, nome: dados.nome, email, senhaHash, nivel: dados.nivel ?? NIVEL_PADRAO_USUARIO, ativado: dados.ativado })
        .returning({ id: usuario.id });
      await tx.insert(usuarioPerfil).values(perfilIds.map((perfilId) => ({ usuarioId: novo.id, perfilId })));
      return novo.id;
    });
    return (await lerUsuario(db, id))!;
  } catch (erro) {
    if (violouUnico(erro)) throw new ApiError(409, [MSG_USUARIO_LOGIN_DUPLICADO]);
    throw erro;
  }
}

/**
 * docs/decisoes.md §3: a user who is not an ADMIN never changes their own profiles or level, and nobody sets their own
 * password here (the password change asks for the current one).
 */
async function conferirEdicaoPropria(c: Context<AppEnv>, dados: UsuarioCadastro, atual: { nivel: string }, perfilIds: number[]) {
  const eu = c.get('usuario');
  if (dados.id !== eu.id) return;
  if (dados.senha) throw proibido(MSG_USUARIO_PROPRIA_SENHA);
  if (eu.nivel === 'ADMIN') return;
  if (dados.nivel && dados.nivel !== atual.nivel) throw proibido(MSG_USUARIO_PROPRIOS_PERFIS);
  const vinculos = await c.get('banco').db.select({ id: usuarioPerfil.perfilId }).from(usuarioPerfil).where(eq(usuarioPerfil.usuarioId, eu.id));
  const mesmos = vinculos.length === perfilIds.length && vinculos.every((v) => perfilIds.includes(v.id));
  if (!mesmos) throw proibido(MSG_USUARIO_PROPRIOS_PERFIS);
}

/** docs/decisoes.md §1: a reset password, a deactivation or a level change ends the user's sessions (claim sv). */
function novaVersaoSessao(dados: UsuarioCadastro, comSenha: boolean): SQL | undefined {
  const motivos = [
    comSenha ? sql`true` : undefined,
    dados.ativado ? undefined : sql`${usuario.ativado}`,
    dados.nivel ? sql`${usuario.nivel} <> ${dados.nivel}` : undefined,
  ].filter((m): m is SQL => m !== undefined);
  return motivos.length ? sql`${usuario.sessaoVersao} + case when ${sql.join(motivos, sql` or `)} then 1 else 0 end` : undefined;
}

async function editar(c: Context<AppEnv>, ctx: ServerContext, id: number, dados: UsuarioCadastro, perfilIds: number[]): Promise<Usuario> {
  const { db } = c.get('banco');
  const [atual] = await db.select({ login: usuario.login, nivel: usuario.nivel, senhaHash: usuario.senhaHash }).from(usuario).where(eq(usuario.id, id));
  if (!atual) throw new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);
  if (atual.login !== dados.login) throw badRequest(MSG_USUARIO_LOGIN_ALTERADO);
  if (atual.nivel === 'ADMIN' && c.get('usuario').nivel !== 'ADMIN') throw proibido();
  if (ehLoginAdmin(atual.login) && !dados.ativado) throw new ApiError(409, [MSG_ADMIN_NAO_DESATIVA]);
  if (ehLoginAdmin(atual.login) && dados.nivel && dados.nivel !== 'ADMIN') throw new ApiError(409, [MSG_ADMIN_NAO_DESATIVA]);
  await conferirEdicaoPropria(c, dados, atual, perfilIds);
  if (dados.senha && (await verifyPassword(dados.senha, atual.senhaHash))) throw badRequest(MSG_SENHA_IGUAL_ATUAL);
  const { versao } = dados;
  // An edit without the version it read is stale by definition: no hash, no transaction.
  if (versao === undefined) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
  const senhaHash = dados.senha ? await hashPassword(dados.senha) : undefined;
  const sessaoVersao = novaVersaoSessao(dados, senhaHash !== undefined);

  const salvo = await db.transaction(async (tx) => {
    // One conditional UPDATE: the version check and the write cannot interleave with another save.
    const [linha] = await tx
      .update(usuario)
      .set({
        nome: dados.nome,
        email: dados.email || null,
        ativado: dados.ativado,
        ...(dados.nivel ? { nivel: dados.nivel } : {}),
        ...(senhaHash ? { senhaHash } : {}),
        ...(sessaoVersao ? { sessaoVersao } : {}),
        versao: sql`${usuario.versao} + 1`,
      })
      .where(and(eq(usuario.id, id), eq(usuario.versao, versao)))
      .returning({ sessaoVersao: usuario.sessaoVersao, ativado: usuario.ativado });
    if (!linha) return undefined;
    await tx.delete(usuarioPerfil).where(eq(usuarioPerfil.usuarioId, id));
    await tx.insert(usuarioPerfil).values(perfilIds.map((perfilId) => ({ usuarioId: id, perfilId })));
    return linha;
  });
  // docs/decisoes.md §6: the user's cached session data is stale from here on (a rolled-back edit changed nothing).
  esquecerUsuario(c.get('banco'), id);
  if (!salvo) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
  // An ADMIN who changed their own level keeps this session (the others ended).
  const eu = c.get('usuario');
  if (id === eu.id && salvo.ativado && salvo.sessaoVersao !== eu.sessaoVersao)
    await emitirToken(c, ctx, { usuarioId: id, empresa: c.get('empresa'), sessaoVersao: salvo.sessaoVersao });
  return (await lerUsuario(db, id))!;
}
