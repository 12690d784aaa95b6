import { Hono } from 'hono';
import { buscaQuerySchema, type RespostaBusca } from '../../contracts/busca';
import type { AppEnv } from '../app-env';
import { buscarNaPaleta } from '../busca/buscar-na-paleta';
import { validate } from '../http/validate';
import type { ServerContext } from '../server-context';
import { areaApi } from '../permissoes/area-api';
import { AUTH } from '../permissoes/regras';

/** /busca (docs/decisoes.md §31): the palette's record search, every kind the user may open in one answer. */
export const buscaRoutes = (ctx: ServerContext) =>
  new Hono<AppEnv>().get('/', validate('query', buscaQuerySchema), async (c) => {
    const { db } = c.get('banco');
    // The client aborts a superseded search (a newer keystroke): the kinds not yet searched are skipped.
    const resposta = await buscarNaPaleta(db, c.get('usuario'), c.req.valid('query').q, { signal: c.req.raw.signal, logError: ctx.logError });
    return c.json<RespostaBusca>(resposta, 200);
  });

export const buscaApi = areaApi('/api/busca', buscaRoutes, {
  // The palette's record search (docs/decisoes.md §31): any logged user; the server answers only the kinds whose screens they open.
  'GET /': AUTH,
});
