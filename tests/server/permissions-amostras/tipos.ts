import type { Harness } from '../harness';

// Sample requests of the permission matrix (tests/server/permissions.test.ts), split by area so each area
// keeps its own: one sample per route that an allowed user gets a 2xx (or the `status` given) from.
export type Amostra = { path: string; body?: unknown; empresa?: string; /** The allowed answer when not 2xx. */ status?: number };
export type Gerador = () => Promise<Amostra>;
export type Amostras = Record<string, Gerador | { create: Gerador; edit: Gerador }>;

export interface ContextoAmostras {
  harness: () => Harness;
  /** GET with the admin token, body parsed. */
  obter: (path: string) => Promise<any>;
  /** POST with the admin token, body parsed. */
  salvar: (path: string, body: unknown) => Promise<any>;
  /** First item of a page. */
  primeira: (path: string) => Promise<any>;
  unico: () => string;
}
