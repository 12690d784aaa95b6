import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import type { UsuarioLogado } from '../../contracts/auth';
import { homePath } from './permitted-routes';
import { router } from './router';
import type { RouteDef } from './routes';
import { CtesScreen } from '../features/ctes/ctes-screen';
import { UnderConstruction } from './under-construction';
import type { ScreenArgs } from '../ui/screen-args';

// One chunk per screen family: the shell loads without them.
const TELAS: Record<string, ComponentType<ScreenArgs>> = {
  '/perfis': lazy(() => import('../features/perfis/perfis-screen').then((m) => ({ default: m.PerfisScreen }))),
  '/usuarios': lazy(() => import('../features/usuarios/usuarios-screen').then((m) => ({ default: m.UsuariosScreen }))),
  '/configuracoes': lazy(() => import('../features/configuracoes/configuracoes-screen').then((m) => ({ default: m.ConfiguracoesScreen }))),
  '/transportadora': lazy(() => import('../features/transportadoras/transportadoras-screen').then((m) => ({ default: m.TransportadorasScreen }))),
  '/tipos-veiculo': lazy(() => import('../features/tipos-veiculo/tipos-veiculo-screen').then((m) => ({ default: m.TiposVeiculoScreen }))),
  '/veiculos': lazy(() => import('../features/veiculos/veiculos-screen').then((m) => ({ default: m.VeiculosScreen }))),
  '/motoristas': lazy(() => import('../features/motoristas/motoristas-screen').then((m) => ({ default: m.MotoristasScreen }))),
  '/tabelas-frete': lazy(() => import('../features/tabelas-frete/tabelas-frete-screen').then((m) => ({ default: m.TabelasFreteScreen }))),
  // The landing page after login (spec 03 §2): in the main chunk, so the first screen needs no second trip.
  '/ctes': CtesScreen,
  '/faturas': lazy(() => import('../features/faturas/faturas-screen').then((m) => ({ default: m.FaturasScreen }))),
  '/minutas': lazy(() => import('../features/minutas/minutas-screen').then((m) => ({ default: m.MinutasScreen }))),
  '/romaneios': lazy(() => import('../features/romaneios/romaneios-screen').then((m) => ({ default: m.RomaneiosScreen }))),
  '/indicadores': lazy(() => import('../features/indicadores/indicadores-screen').then((m) => ({ default: m.IndicadoresScreen }))),
  '/uf': lazy(() => import('../features/ufs/limites-uf-screen').then((m) => ({ default: m.LimitesUfScreen }))),
};

/** Renders the permitted route's screen; "/", "/login", unknown or forbidden paths go to the home route. */
export function RouteView({ rotas, pathname, query, usuario }: { rotas: RouteDef[]; pathname: string; query: URLSearchParams; usuario: UsuarioLogado }) {
  const rota = rotas.find((r) => r.path === pathname);
  const inicio = homePath(rotas);
  useEffect(() => {
    if (!rota && inicio) router.navigate(inicio, { replace: true });
  }, [rota, inicio]);
  if (!rota) return inicio ? null : <UnderConstruction title="Frete Console" text="Nenhuma tela está liberada para o seu perfil." />;
  const Tela = TELAS[rota.path];
  if (!Tela) return <UnderConstruction title={rota.title} />;
  return (
    <Suspense fallback={<p role="status">Carregando…</p>}>
      <Tela usuario={usuario} query={query} navigate={router.navigate} />
    </Suspense>
  );
}
