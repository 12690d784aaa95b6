import type { Context } from 'hono';
import { and, eq, sql } from 'drizzle-orm';
import { MSG_SENHA_ATUAL_INVALIDA, type AlterarSenha } from '../../contracts/auth';
import { MSG_SESSAO_ENCERRADA } from '../../contracts/erros';
import type { AppEnv } from '../app-env';
import { muitasTentativas } from '../auth/answer-too-many';
import { esquecerUsuario } from '../auth/cache-usuarios';
import { emitirToken } from '../auth/emitir-token';
import { recusada } from '../auth/login-limiter';
import { hashPassword, verifyPassword } from '../auth/senha';
import { usuario } from '../db/schema/usuario';
import { ApiError, badRequest } from '../http/api-error';
import type { ServerContext } from '../server-context';

/**
 * POST /usuarios/alterar-senha (docs/decisoes.md §2): the current password is checked like a login (the same limits:
 * a stolen token must not guess it), the new one is stored, every other session of the user ends and this
 * one goes on with the fresh token answered in the Authorization header.
 */
export async function alterarPropriaSenha(c: Context<AppEnv>, ctx: ServerContext, dados: AlterarSenha): Promise<void> {
  const eu = c.get('usuario');
  const empresa = c.get('empresa');
  const banco = c.get('banco');
  const { db } = banco;
  const tentativa = ctx.limiteLogin.iniciar(ctx.clientAddress(c), ctx.agora());
  if (recusada(tentativa)) throw muitasTentativas(c, tentativa);
  const recusa = tentativa.conta(empresa, eu.login);
  if (recusa) throw muitasTentativas(c, recusa);

  const [atual] = await db.select({ senhaHash: usuario.senhaHash }).from(usuario).where(eq(usuario.id, eu.id));
  if (!atual || !(await verifyPassword(dados.senhaAtual, atual.senhaHash))) throw badRequest(MSG_SENHA_ATUAL_INVALIDA);
  tentativa.sucesso();

  const hash = await hashPassword(dados.senha);
  // Only while this session is still current: an admin's reset or deactivation in between wins.
  const [linha] = await db
    .update(usuario)
    .set({ senhaHash: hash, versao: sql`${usuario.versao} + 1`, sessaoVersao: sql`${usuario.sessaoVersao} + 1` })
    .where(and(eq(usuario.id, eu.id), eq(usuario.sessaoVersao, eu.sessaoVersao)))
    .returning({ sessaoVersao: usuario.sessaoVersao });
  // docs/decisoes.md §1, §6: the other sessions end on their very next call.
  esquecerUsuario(banco, eu.id);
  if (!linha) throw new ApiError(401, [MSG_SESSAO_ENCERRADA]);
  await emitirToken(c, ctx, { usuarioId: eu.id, empresa, sessaoVersao: linha.sessaoVersao });
}
