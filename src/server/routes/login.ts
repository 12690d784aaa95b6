import { Hono } from 'hono';
import { eq, sql } from 'drizzle-orm';
import { MSG_LOGIN_INVALIDO, MSG_LOGIN_MUITAS_TENTATIVAS, loginRequestSchema } from '../../contracts/auth';
import { EMPRESAS, HEADER_EMPRESA, type Empresa } from '../../contracts/common';
import { MSG_EMPRESA_AUSENTE, MSG_EMPRESA_DESCONHECIDA } from '../../contracts/erros';
import type { AppEnv } from '../app-env';
import { dummyPasswordHash } from '../auth/dummy-password-hash';
import { verifyPassword } from '../auth/password';
import { signToken } from '../auth/token';
import { usuario } from '../db/schema/usuario';
import { ApiError, badRequest } from '../http/api-error';
import { parseOrBadRequest } from '../http/parse-or-bad-request';
import { readJsonBody } from '../http/read-json-body';
import type { ServerContext } from '../server-context';
import { loadUsuarioLogado } from '../usuarios/load-usuario-logado';
import { toUsuarioLogado } from '../usuarios/to-usuario-logado';

const muitasTentativas = () => new ApiError(429, [MSG_LOGIN_MUITAS_TENTATIVAS]);

/** POST /login: X-Empresa picks the company database; the token goes back in the Authorization header. */
export const loginRoutes = (ctx: ServerContext) =>
  new Hono<AppEnv>().post('/', async (c) => {
    const nomeEmpresa = c.req.header(HEADER_EMPRESA)?.trim();
    if (!nomeEmpresa) throw badRequest(MSG_EMPRESA_AUSENTE);
    const empresa = EMPRESAS.find((e): e is Empresa => e === nomeEmpresa);
    if (!empresa) throw badRequest(MSG_EMPRESA_DESCONHECIDA);

    const endereco = ctx.clientAddress(c);
    if (ctx.limiteEndereco.excedido(endereco, ctx.agora())) throw muitasTentativas();
    const { login, senha } = parseOrBadRequest(loginRequestSchema, await readJsonBody(c));

    const conta = `${empresa}:${login.toLowerCase()}`;
    if (ctx.limiteConta.excedido(conta, ctx.agora())) throw muitasTentativas();
    // Counted before the slow hash so parallel guesses cannot all slip under the limit; success clears it.
    ctx.limiteConta.registrar(conta, ctx.agora());

    const { db } = ctx.bancos[empresa];
    const [encontrado] = await db
      .select({ id: usuario.id, senhaHash: usuario.senhaHash, ativado: usuario.ativado })
      .from(usuario)
      .where(eq(sql`lower(${usuario.login})`, login.toLowerCase()));
    // Unknown users are hashed against a dummy so both failures take the same time and say the same thing.
    const confere = await verifyPassword(senha, encontrado?.senhaHash ?? (await dummyPasswordHash()));
    if (!encontrado || !confere || !encontrado.ativado) {
      // Per address only failures count: a whole office behind one NAT address logs in at shift start.
      ctx.limiteEndereco.registrar(endereco, ctx.agora());
      throw new ApiError(401, [MSG_LOGIN_INVALIDO]);
    }

    ctx.limiteConta.limpar(conta);
    const token = await signToken({ usuarioId: encontrado.id, empresa }, await ctx.signingKey(empresa), ctx.agora());
    const eu = await loadUsuarioLogado(db, encontrado.id, empresa);
    if (!eu) throw new ApiError(401, [MSG_LOGIN_INVALIDO]);
    c.header('Authorization', `Bearer ${token}`);
    return c.json(toUsuarioLogado(eu), 200);
  });
