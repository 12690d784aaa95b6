import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { toUsuarioLogado } from '../usuarios/to-usuario-logado';
import { areaApi } from '../permissoes/area-api';
import { AUTH } from '../permissoes/regras';

/** GET /eu: the guard already loaded the user in one query. */
export const euRoutes = () => new Hono<AppEnv>().get('/', (c) => c.json(toUsuarioLogado(c.get('usuario')), 200));

export const euApi = areaApi('/api/eu', () => euRoutes(), {
  'GET /': AUTH,
});
