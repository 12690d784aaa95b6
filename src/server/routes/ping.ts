import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/** GET /ping: health check of the unavailable dialog (spec 01 §8). */
export const pingRoutes = () => new Hono<AppEnv>().get('/', (c) => c.json({ status: 'ok' }, 200));
