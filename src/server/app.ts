import { Hono } from 'hono';
import { MSG_CORPO_GRANDE, MSG_NAO_ENCONTRADO } from '../contracts/erros';
import type { AppEnv } from './app-env';
import { AREAS_API, ROUTE_PERMISSIONS } from './areas-api';
import { cabecalhosSeguranca } from './http/cabecalhos-seguranca';
import { emSequencia } from './http/em-sequencia';
import { errorHandler } from './http/error-handler';
import { RoteadorComMemoria } from './http/roteador-com-memoria';
import { recusarCaracteresDeControle } from './http/refuse-control-chars';
import { permissionGuard } from './permissoes/guarda';
import { assertRoutesGuarded } from './permissoes/rotas-guardadas';
import { MULTIPART } from './faturas/enviar-faturas';
import { limiteDoCorpo } from './http/limite-corpo';
import { MSG_ENVIO_GRANDE_DEMAIS, TAMANHO_MAXIMO_ENVIO } from '../contracts/faturas';
import { createServerContext, type AppDeps, type ServerContext } from './server-context';
import { MSG_PFX_GRANDE_DEMAIS, TAMANHO_MAXIMO_PFX } from '../contracts/recebimento';

export type { AppDeps } from './server-context';

const CORPO_MAXIMO = 1024 * 1024;

/** The API under /api: guard, routes (a sub-app per base path), JSON errors. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  return createAppComContexto(deps).app;
}

/** The app and its context: startServer starts and stops the intake runner (ctx.recebimento.agendador); tests drive it. */
export function createAppComContexto(deps: AppDeps): { app: Hono<AppEnv>; ctx: ServerContext } {
  const ctx = createServerContext(deps);
  const app = new Hono<AppEnv>({ router: new RoteadorComMemoria() });
  // First, so every answer (API, static files, index.html, errors) carries them (and no-store on the API's).
  app.use('*', cabecalhosSeguranca());
  // Then, on /api, as one middleware (http/em-sequencia.ts): any body is 1 MB at most (the DOCCOB upload, multipart,
  // takes up to TAMANHO_MAXIMO_ENVIO); no control character in the URL or the JSON body; the permission guard.
  app.use(
    '/api/*',
    emSequencia<AppEnv>(
      limiteDoCorpo({ maximo: CORPO_MAXIMO, mensagem: MSG_CORPO_GRANDE }, [
        { metodo: 'POST', caminho: '/api/faturas/enviar', tipo: MULTIPART, maximo: TAMANHO_MAXIMO_ENVIO, mensagem: MSG_ENVIO_GRANDE_DEMAIS },
        { metodo: 'POST', caminho: '/api/recebimento/enviar', tipo: MULTIPART, maximo: TAMANHO_MAXIMO_ENVIO, mensagem: MSG_ENVIO_GRANDE_DEMAIS },
        { metodo: 'POST', caminho: '/api/ocorrencias/enviar', tipo: MULTIPART, maximo: TAMANHO_MAXIMO_ENVIO, mensagem: MSG_ENVIO_GRANDE_DEMAIS },
        { metodo: 'POST', caminho: '/api/recebimento/sefaz/certificado', tipo: MULTIPART, maximo: 2 * TAMANHO_MAXIMO_PFX, mensagem: MSG_PFX_GRANDE_DEMAIS },
      ]),
      recusarCaracteresDeControle(),
      permissionGuard(ctx, ROUTE_PERMISSIONS),
    ),
  );
  // One sub-app per API base path, from the one list (areas-api.ts) the guard above reads its rules from.
  for (const area of AREAS_API) app.route(area.base, area.criar(ctx));
  app.notFound((c) => c.json({ mensagens: [MSG_NAO_ENCONTRADO] }, 404));
  app.onError(errorHandler(ctx.logError));
  assertRoutesGuarded(app, ROUTE_PERMISSIONS);
  return { app, ctx };
}
