import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/** /auditorias-cte (spec 03 §7): audit, approval, change of table, audits by CT-e. */
export const auditoriasCteRoutes = () => new Hono<AppEnv>();
