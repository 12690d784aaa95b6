import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { signToken } from '../auth/token';

/**
 * Issue 12: the caller ended their own other sessions (own password, own level) but keeps working: a token of
 * the new session version goes back in the Authorization header, like the login's (the web client stores it).
 */
export async function renovarToken(c: Context<AppEnv>, sessaoVersao: number): Promise<void> {
  const ctx = c.get('servidor');
  const empresa = c.get('empresa');
  const token = await signToken({ usuarioId: c.get('usuario').id, empresa, sessaoVersao }, await ctx.signingKey(empresa), ctx.agora());
  c.header('Authorization', `Bearer ${token}`);
}
