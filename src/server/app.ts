import { Hono } from 'hono';
import { MSG_CORPO_GRANDE, MSG_NAO_ENCONTRADO } from '../contracts/erros';
import type { AppEnv } from './app-env';
import { assertRoutesGuarded } from './assert-routes-guarded';
import { cabecalhosSeguranca } from './http/cabecalhos-seguranca';
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
import { minutasRoutes } from './routes/minutas';
import { romaneiosRoutes } from './routes/romaneios';
import { romaneiosColacrilRoutes } from './routes/romaneios-colacril';
import { vwRoutes } from './routes/vw';
import { indicadoresRoutes } from './routes/indicadores';
import { ordensServicoRoutes } from './routes/ordens-servico';
import { publicRoutes } from './routes/public';
import { MULTIPART } from './faturas/enviar-faturas';
import { limiteDoCorpo } from './http/limite-corpo';
import { MSG_ENVIO_GRANDE_DEMAIS, TAMANHO_MAXIMO_ENVIO } from '../contracts/faturas';
import { vwNotasFiscaisRoutes, vwPedidosRoutes } from './routes/erp-consultas';
import { acompanhamentosRoutes } from './routes/acompanhamentos';
import { inadimplenciasRoutes } from './routes/inadimplencias';
import { motoristasRoutes } from './routes/motoristas';
import { perfisRoutes } from './routes/perfis';
import { pingRoutes } from './routes/ping';
import { tabelasFreteRoutes } from './routes/tabelas-frete';
import { buscaRoutes } from './routes/busca';
import { transportadorasRoutes } from './routes/transportadoras';
import { municipiosRoutes, ufsRoutes } from './routes/ufs';
import { usuariosRoutes } from './routes/usuarios';
import { tiposVeiculoRoutes, veiculosRoutes } from './routes/veiculos';
import { versoesRoutes } from './routes/versoes';
import { createServerContext, type AppDeps } from './server-context';

export type { AppDeps } from './server-context';

const CORPO_MAXIMO = 1024 * 1024;

/** The API under /api: guard, routes (a sub-app per base path), JSON errors. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const ctx = createServerContext(deps);
  const app = new Hono<AppEnv>();
  // First, so every answer (API, static files, index.html, errors) carries them (and no-store on the API's).
  app.use('*', cabecalhosSeguranca());
  // Any body is 1 MB at most; the DOCCOB upload (multipart) takes up to TAMANHO_MAXIMO_ENVIO.
  app.use(
    '/api/*',
    limiteDoCorpo({ maximo: CORPO_MAXIMO, mensagem: MSG_CORPO_GRANDE }, [
      { metodo: 'POST', caminho: '/api/faturas/enviar', tipo: MULTIPART, maximo: TAMANHO_MAXIMO_ENVIO, mensagem: MSG_ENVIO_GRANDE_DEMAIS },
    ]),
  );
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
  app.route('/api/minutas', minutasRoutes());
  app.route('/api/romaneios', romaneiosRoutes());
  app.route('/api/romaneios-colacril', romaneiosColacrilRoutes());
  app.route('/api/ordens-servico', ordensServicoRoutes());
  app.route('/api/vw', vwRoutes());
  app.route('/api/indicadores', indicadoresRoutes());
  app.route('/api/public', publicRoutes(ctx));
  app.route('/api/vwpedidos', vwPedidosRoutes());
  app.route('/api/vw-notas-fiscais', vwNotasFiscaisRoutes());
  app.route('/api/acompanhamentos', acompanhamentosRoutes());
  app.route('/api/inadimplencias', inadimplenciasRoutes());
  app.route('/api/tipos-veiculo', tiposVeiculoRoutes());
  app.route('/api/veiculos', veiculosRoutes());
  app.route('/api/motoristas', motoristasRoutes());
  app.route('/api/ufs', ufsRoutes());
  app.route('/api/municipios', municipiosRoutes());
  app.route('/api/tabelas-frete', tabelasFreteRoutes());
  app.route('/api/busca', buscaRoutes(ctx));
  app.notFound((c) => c.json({ mensagens: [MSG_NAO_ENCONTRADO] }, 404));
  app.onError(errorHandler(ctx.logError));
  assertRoutesGuarded(app, ROUTE_PERMISSIONS);
  return app;
}
