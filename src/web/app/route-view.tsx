import { Suspense, useEffect } from 'react';
import { css } from '../../../styled-system/css';
import type { UsuarioLogado } from '../../contracts/auth';
import { homePath } from './permitted-routes';
import { router } from './router';
import type { RouteDef } from './routes';
import { UnderConstruction } from './under-construction';

/** Renders the permitted route's screen; "/", "/login", unknown or forbidden paths go to the home route. */
export function RouteView({ rotas, pathname, query, usuario }: { rotas: RouteDef[]; pathname: string; query: URLSearchParams; usuario: UsuarioLogado }) {
  const rota = rotas.find((r) => r.path === pathname);
  const inicio = homePath(rotas);
  useEffect(() => {
    if (!rota && inicio) router.navigate(inicio, { replace: true });
  }, [rota, inicio]);
  if (!rota) return inicio ? null : <UnderConstruction title="Frete Console" text="Nenhuma tela está liberada para o seu perfil." />;
  const Tela = rota.tela;
  return (
    <Suspense fallback={<p role="status">Carregando…</p>}>
      {/* The screen's own box, so its first control is found in it and not in the screen being replaced. */}
      <div className={css({ display: 'contents' })} data-tela={rota.path}>
        <Tela usuario={usuario} query={query} navigate={router.navigate} />
      </div>
    </Suspense>
  );
}
