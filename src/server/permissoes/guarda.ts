import type { Context, MiddlewareHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import { matchedRoutes } from 'hono/route';
import { HEADER_EMPRESA } from '../../contracts/common';
import {
  MSG_EMPRESA_DIVERGENTE,
  MSG_SEM_PERMISSAO,
  MSG_SESSAO_ENCERRADA,
  MSG_SESSAO_INVALIDA,
  MSG_USUARIO_DESATIVADO,
} from '../../contracts/erros';
import type { AppEnv } from '../app-env';
import { usuarioLogado } from '../auth/cache-usuarios';
import { TokensVerificados } from '../auth/cache-tokens';
import { tokenCompany, verifyToken, type TokenClaims } from '../auth/token';
import { ApiError } from '../http/api-error';
import { readJsonBody } from '../http/read-json-body';
import { routeKey, type PermissionRule, type RoutePermission } from './regras';
import type { ServerContext } from '../server-context';

/** What a matched route says: not the answering route (an app.use() middleware, a path outside /api), or its rule (null: none). */
type Atendida = PermissionRule | null | false;

/**
 * The rule of the route that will answer: the first matched handler that is not an app.use() middleware; undefined
 * when no /api route answers. The router hands back the same route objects, so each one is looked up once.
 */
function regraAtendida(c: Context, regras: Map<string, PermissionRule>, vistas: WeakMap<RouterRoute, Atendida>): PermissionRule | null | undefined {
  for (const rota of matchedRoutes(c)) {
    let atendida = vistas.get(rota);
    if (atendida === undefined) {
      const candidata = rota.method !== 'ALL' && (rota.path === '/api' || rota.path.startsWith('/api/'));
      // HEAD is routed as GET: the route's method is the rule's.
      atendida = candidata && (regras.get(routeKey(rota.method, rota.path)) ?? null);
      vistas.set(rota, atendida);
    }
    if (atendida !== false) return atendida;
  }
  return undefined;
}

/** The claims of a valid token: from those already verified, else checked with its company's key. */
async function verificar(token: string | undefined, ctx: ServerContext, verificados: TokensVerificados): Promise<TokenClaims> {
  const agora = ctx.agora();
  const conhecido = token && verificados.obter(token, agora);
  if (conhecido) return conhecido;
  const empresa = token && tokenCompany(token);
  if (!token || !empresa) throw new ApiError(401, [MSG_SESSAO_INVALIDA]);
  // Each company has its own key: a token signed for one never verifies against the other.
  const claims = await verifyToken(token, empresa, await ctx.signingKey(empresa), agora);
  if (!claims) throw new ApiError(401, [MSG_SESSAO_INVALIDA]);
  verificados.guardar(token, claims);
  return claims;
}

async function autenticar(c: Context<AppEnv>, ctx: ServerContext, verificados: TokensVerificados): Promise<void> {
  const cabecalho = c.req.header('Authorization') ?? '';
  const claims = await verificar(/^Bearer\s+(\S+)$/i.exec(cabecalho)?.[1], ctx, verificados);
  const pedida = c.req.header(HEADER_EMPRESA);
  if (pedida !== undefined && pedida !== claims.empresa) throw new ApiError(403, [MSG_EMPRESA_DIVERGENTE]);
  const banco = ctx.bancos[claims.empresa];
  // docs/decisoes.md §6: from the in-process cache (auth/cache-usuarios.ts), forgotten by every change that matters.
  const usuario = await usuarioLogado(banco, claims.usuarioId, ctx.agora());
  if (!usuario) throw new ApiError(401, [MSG_SESSAO_INVALIDA]);
  // 403 on /eu makes the client drop its stored session (spec 01 §4).
  if (!usuario.ativado) throw new ApiError(403, [MSG_USUARIO_DESATIVADO]);
  // docs/decisoes.md §1: a password change, an admin reset, deactivation or a level change bumped the version.
  if (claims.sessaoVersao !== usuario.sessaoVersao) throw new ApiError(401, [MSG_SESSAO_ENCERRADA]);
  c.set('empresa', claims.empresa);
  c.set('banco', banco);
  c.set('usuario', usuario);
}

async function permitido(c: Context<AppEnv>, regra: PermissionRule): Promise<boolean> {
  const { nivel, roles } = c.get('usuario');
  if (regra.kind === 'AUTH') return true;
  if (nivel === 'ADMIN') return true;
  if (regra.kind === 'ADMIN') return false;
  const algum = (codigos: readonly string[]) => codigos.some((codigo) => roles.includes(codigo));
  if (regra.kind === 'ROLES') return algum(regra.anyOf);
  if (regra.kind === 'ALL_ROLES') return regra.allOf.every((codigo) => roles.includes(codigo));
  if (regra.kind === 'SAVE') {
    if (!algum(regra.create) && !algum(regra.edit) && !algum(regra.cancel ?? [])) return false;
    const corpo = await readJsonBody(c);
    const temId = typeof corpo === 'object' && corpo !== null && 'id' in corpo && corpo.id !== undefined && corpo.id !== null;
    // A cancellation (the server then changes nothing but the status) needs only the rule's `cancel` codes.
    if (regra.cancel && temId && (corpo as { status?: unknown }).status === 'CANCELADO') return algum(regra.cancel);
    return algum(temId ? regra.edit : regra.create);
  }
  return false;
}

/** Authenticates and authorises every /api request against the route table; unknown routes fall through to 404. */
export function permissionGuard(ctx: ServerContext, tabela: readonly RoutePermission[]): MiddlewareHandler<AppEnv> {
  const regras = new Map(tabela.map((r) => [routeKey(r.method, r.path), r.rule]));
  const vistas = new WeakMap<RouterRoute, Atendida>();
  const verificados = new TokensVerificados();
  const autorizar = async (c: Context<AppEnv>, regra: PermissionRule) => {
    await autenticar(c, ctx, verificados);
    if (!(await permitido(c, regra))) throw new ApiError(403, [MSG_SEM_PERMISSAO]);
  };
  // Not an async function: a public route (ping) goes on without a promise of its own.
  return (c, next) => {
    const regra = regraAtendida(c, regras, vistas);
    if (regra === undefined) return next();
    // Fail closed: a route nobody described is nobody's to call.
    if (!regra) throw new ApiError(403, [MSG_SEM_PERMISSAO]);
    if (regra.kind === 'PUBLIC') return next();
    return autorizar(c, regra).then(() => next());
  };
}
