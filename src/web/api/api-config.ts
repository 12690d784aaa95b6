import type { Empresa } from '../../contracts/common';

// Spec 01 §1: the company selects the server's base address. Default: same origin, under /api.
// A deployment may point a company elsewhere with VITE_API_COLACRIL / VITE_API_RRE.
const env = import.meta.env as Record<string, string | undefined>;

export const API_BASE_POR_EMPRESA: Record<Empresa, string> = {
  COLACRIL: env.VITE_API_COLACRIL || '/api',
  RRE: env.VITE_API_RRE || '/api',
};
