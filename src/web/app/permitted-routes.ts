import type { UsuarioLogado } from '../../contracts/auth';
import { temPermissao } from '../../domain/permissoes';
import { ROTA_INICIAL, ROUTES, type RouteDef } from './routes';

/** Spec 01 §2/§6: only the routes the user's roles allow are registered and listed. */
export function permittedRoutes(usuario: UsuarioLogado): RouteDef[] {
  return ROUTES.filter((r) => temPermissao(usuario, r.role)).sort((a, b) => a.priority - b.priority);
}

/** /ctes after login; a user without it lands on the first route allowed. */
export function homePath(rotas: RouteDef[]): string | null {
  return rotas.find((r) => r.path === ROTA_INICIAL)?.path ?? rotas[0]?.path ?? null;
}
