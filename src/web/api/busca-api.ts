import type { RespostaBusca } from '../../contracts/busca';
import { api } from './api-client';

/**
 * GET /busca?q=: the palette's record search, every kind the user may open in one answer. The answer is
 * the server's own labels (not parsed again: nothing of it is trusted beyond showing text and ids).
 */
export const buscarNaPaleta = (q: string, signal?: AbortSignal) => api<RespostaBusca>('/busca', null, { query: { q }, signal });
