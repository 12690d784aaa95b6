import { Hono } from 'hono';
import { eq, sql } from 'drizzle-orm';
import { MSG_LOGIN_INVALIDO, loginRequestSchema } from '../../contracts/auth';
import { EMPRESAS, HEADER_EMPRESA, type Empresa } from '../../contracts/common';
import { MSG_EMPRESA_AUSENTE, MSG_EMPRESA_DESCONHECIDA } from '../../contracts/erros';
import type { AppEnv } from '../app-env';
import { muitasTentativas } from '../auth/answer-too-many';
import { chaveCookieDispositivo, dispositivoDaTentativa, gravarCookieDispositivo } from '../auth/cookie-dispositivo';
import { dummyPasswordHash } from '../auth/hash-senha-ficticio';
import { emitirToken } from '../auth/emitir-token';
import { recusada } from '../auth/login-limiter';
import { verifyPassword } from '../auth/senha';
import { usuario } from '../db/schema/usuario';
import { ApiError, badRequest } from '../http/api-error';
import { parseOrBadRequest } from '../http/parse-or-bad-request';
import { readJsonBody } from '../http/read-json-body';
import type { ServerContext } from '../server-context';
import { loadUsuarioLogado } from '../usuarios/load-usuario-logado';
import { toUsuarioLogado } from '../usuarios/to-usuario-logado';
import { areaApi } from '../permissoes/area-api';
import { PUBLIC } from '../permissoes/regras';

/**
 * POST /login: X-Empresa picks the company database; the token goes back in the Authorization header.
 * Limits (LoginLimiter): the address's slot is taken first, so malformed requests count as failures too
 * (400 until the limit, then 429); the account's slots are taken before the slow hash. A valid device cookie of
 * the account (cookie-dispositivo.ts) has its attempts counted on that device instead of the account; every
 * successful login answers a new one.
 */
export const loginRoutes = (ctx: ServerContext) =>
  new Hono<AppEnv>().post('/', async (c) => {
    const tentativa = ctx.limiteLogin.iniciar(ctx.clientAddress(c), ctx.agora());
    if (recusada(tentativa)) throw muitasTentativas(c, tentativa);

    const nomeEmpresa = c.req.header(HEADER_EMPRESA)?.trim();
    if (!nomeEmpresa) throw badRequest(MSG_EMPRESA_AUSENTE);
    const empresa = EMPRESAS.find((e): e is Empresa => e === nomeEmpresa);
    if (!empresa) throw badRequest(MSG_EMPRESA_DESCONHECIDA);
    const { login, senha } = parseOrBadRequest(loginRequestSchema, await readJsonBody(c));

    const chaveDispositivo = chaveCookieDispositivo(await ctx.signingKey(empresa));
    const dispositivo = await dispositivoDaTentativa(c, chaveDispositivo, empresa, login, ctx.agora());
    const recusa = tentativa.conta(empresa, login, dispositivo);
    if (recusa) throw muitasTentativas(c, recusa);

    const { db } = ctx.bancos[empresa];
    const [encontrado] = await db
      .select({ id: usuario.id, senhaHash: usuario.senhaHash, ativado: usuario.ativado, sessaoVersao: usuario.sessaoVersao })
      .from(usuario)
      .where(eq(sql`lower(${usuario.login})`, login.toLowerCase()));
    // Unknown users are hashed against a dummy so both failures take the same time and say the same thing.
    const confere = await verifyPassword(senha, encontrado?.senhaHash ?? (await dummyPasswordHash()));
    // A failure keeps its reservations: they are the counted failures.
    if (!encontrado || !confere || !encontrado.ativado) throw new ApiError(401, [MSG_LOGIN_INVALIDO]);

    tentativa.sucesso();
    const eu = await loadUsuarioLogado(db, encontrado.id, empresa);
    if (!eu) throw new ApiError(401, [MSG_LOGIN_INVALIDO]);
    await emitirToken(c, ctx, { usuarioId: encontrado.id, empresa, sessaoVersao: encontrado.sessaoVersao });
    await gravarCookieDispositivo(c, chaveDispositivo, empresa, login, ctx.agora());
    return c.json(toUsuarioLogado(eu), 200);
  });

export const loginApi = areaApi('/api/login', loginRoutes, {
  'POST /': PUBLIC,
});
