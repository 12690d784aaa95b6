import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { areaApi } from '../permissoes/area-api';
import { PUBLIC } from '../permissoes/regras';

/** GET /ping: health check of the unavailable dialog (spec 01 §8). */
export const pingRoutes = () => new Hono<AppEnv>().get('/', (c) => c.json({ status: 'ok' }, 200));

export const pingApi = areaApi('/api/ping', () => pingRoutes(), {
  'GET /': PUBLIC,
});
