import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { toUsuarioLogado } from '../usuarios/to-usuario-logado';

/** GET /eu: the guard already loaded the user in one query. */
export const euRoutes = () => new Hono<AppEnv>().get('/', (c) => c.json(toUsuarioLogado(c.get('usuario')), 200));
