import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MSG_CORPO_GRANDE, MSG_NAO_ENCONTRADO } from '../contracts/erros';
import type { AppEnv } from './app-env';
import { assertRoutesGuarded } from './assert-routes-guarded';
import { cabecalhosSeguranca, semCacheNaApi } from './http/cabecalhos-seguranca';
import { errorHandler } from './http/error-handler';
import { recusarCaracteresDeControle } from './http/refuse-control-chars';
import { permissionGuard } from './permission-guard';
import { ROUTE_PERMISSIONS } from './route-permissions';
import { euRoutes } from './routes/eu';
import { loginRoutes } from './routes/login';
import { clientesRoutes, vwClientesRoutes } from './routes/clientes';
import { configuracoesRoutes } from './routes/configuracoes';
import { auditoriasCteRoutes } from './routes/auditorias-cte';
import { ctesRoutes } from './routes/ctes';
import { faturasRoutes } from './routes/faturas';
import { ehMultipart } from './faturas/enviar-faturas';
import { vwNotasFiscaisRoutes, vwPedidosRoutes } from './routes/erp-consultas';
import { motoristasRoutes } from './routes/motoristas';
import { perfisRoutes } from './routes/perfis';
import { pingRoutes } from './routes/ping';
import { tabelasFreteRoutes } from './routes/tabelas-frete';
import { transportadorasRoutes } from './routes/transportadoras';
import { municipiosRoutes, ufsRoutes } from './routes/ufs';
import { usuariosRoutes } from './routes/usuarios';
import { tiposVeiculoRoutes, veiculosRoutes } from './routes/veiculos';
import { versoesRoutes } from './routes/versoes';
import { createServerContext, type AppDeps } from './server-context';

export type { AppDeps } from './server-context';

const CORPO_MAXIMO = 1024 * 1024;
const ENVIO_FATURAS = '/api/faturas/enviar';

/** The API under /api: guard, routes (a sub-app per base path), JSON errors. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const ctx = createServerContext(deps);
  const app = new Hono<AppEnv>();
  // First, so every answer (API, static files, index.html, errors) carries them.
  app.use('*', cabecalhosSeguranca());
  app.use('/api/*', semCacheNaApi());
  // 413: the rest of the body is never read, so the connection cannot be reused: say so (Connection: close)
  // instead of announcing keep-alive and then dropping it.
  const limite = bodyLimit({ maxSize: CORPO_MAXIMO, onError: (c) => c.json({ mensagens: [MSG_CORPO_GRANDE] }, 413, { Connection: 'close' }) });
  // The DOCCOB upload has its own, larger limit (routes/faturas.ts), applied after the guard; only as
  // multipart: any other body there (JSON read by the entry check) keeps the 1 MB one.
  app.use('/api/*', (c, next) => (c.req.method === 'POST' && c.req.path === ENVIO_FATURAS && ehMultipart(c.req.header('Content-Type')) ? next() : limite(c, next)));
  app.use('/api/*', recusarCaracteresDeControle());
  app.use('/api/*', permissionGuard(ctx, ROUTE_PERMISSIONS));
  app.route('/api/ping', pingRoutes());
  app.route('/api/login', loginRoutes(ctx));
  app.route('/api/eu', euRoutes());
  app.route('/api/usuarios', usuariosRoutes(ctx));
  app.route('/api/versoes', versoesRoutes());
  app.route('/api/perfis', perfisRoutes());
  app.route('/api/transportadoras', transportadorasRoutes());
  app.route('/api/clientes', clientesRoutes());
  app.route('/api/vw-clientes', vwClientesRoutes());
  app.route('/api/configuracoes', configuracoesRoutes(ctx));
  app.route('/api/ctes', ctesRoutes());
  app.route('/api/auditorias-cte', auditoriasCteRoutes());
  app.route('/api/faturas', faturasRoutes(ctx));
  app.route('/api/vwpedidos', vwPedidosRoutes());
  app.route('/api/vw-notas-fiscais', vwNotasFiscaisRoutes());
  app.route('/api/tipos-veiculo', tiposVeiculoRoutes());
  app.route('/api/veiculos', veiculosRoutes());
  app.route('/api/motoristas', motoristasRoutes());
  app.route('/api/ufs', ufsRoutes());
  app.route('/api/municipios', municipiosRoutes());
  app.route('/api/tabelas-frete', tabelasFreteRoutes());
  app.notFound((c) => c.json({ mensagens: [MSG_NAO_ENCONTRADO] }, 404));
  app.onError(errorHandler(ctx.logError));
  assertRoutesGuarded(app, ROUTE_PERMISSIONS);
  return app;
}
