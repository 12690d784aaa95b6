import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/** /vwpedidos and /vw-notas-fiscais (spec 03 §7 "Orders and invoices lookups"): the ERP's orders and invoices. */
export const vwPedidosRoutes = () => new Hono<AppEnv>();
export const vwNotasFiscaisRoutes = () => new Hono<AppEnv>();
