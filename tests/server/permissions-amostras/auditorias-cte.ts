import type { Amostras, ContextoAmostras } from './tipos';

/** /api/auditorias-cte. */
export const amostrasAuditoriasCte = (_ctx: ContextoAmostras): Amostras => ({});
