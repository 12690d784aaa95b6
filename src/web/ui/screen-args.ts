import type { UsuarioLogado } from '../../contracts/auth';

/** What the route view gives every screen (features do not import the router). */
export interface ScreenArgs {
  usuario: UsuarioLogado;
  query: URLSearchParams;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}
