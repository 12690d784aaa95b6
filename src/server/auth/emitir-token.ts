import type { Context } from 'hono';
import type { ServerContext } from '../server-context';
import { signToken, type TokenClaims } from './token';

/**
 * A fresh token in the answer's Authorization header (the web client stores it): the login's, and the one a
 * user keeps working with after ending their own other sessions (own password, an ADMIN's own level).
 */
export async function emitirToken(c: Context, ctx: ServerContext, claims: TokenClaims): Promise<void> {
  const token = await signToken(claims, await ctx.signingKey(claims.empresa), ctx.agora());
  c.header('Authorization', `Bearer ${token}`);
}
