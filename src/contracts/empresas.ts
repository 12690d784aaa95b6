// The companies, without zod: the login screen and the session read them before the rest of the app loads
// (docs/decisoes.md §31: no zod in the JS the login screen waits for). common.ts re-exports them with empresaSchema.
export const EMPRESAS = ['COLACRIL', 'RRE'] as const;
export type Empresa = (typeof EMPRESAS)[number];
export const EMPRESA_PADRAO: Empresa = 'COLACRIL';
export const HEADER_EMPRESA = 'X-Empresa';

export const ehEmpresa = (v: unknown): v is Empresa => (EMPRESAS as readonly unknown[]).includes(v);
