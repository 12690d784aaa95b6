import { lerCsvIbge } from '../db/referencia/semear-ibge';

// The IBGE municipality register as the reader needs it: a code's name. The same file the company databases' municipio
// table is seeded from (src/server/db/referencia/semear-ibge.ts), read once on first use, so the XML reader stays pure.

let nomes: Map<number, string> | null = null;

/** The register's name of the IBGE code, or null when the code is unknown (9999999 abroad, a typo). */
export function nomeMunicipioIbge(codigo: number | null | undefined): string | null {
  if (codigo == null) return null;
  nomes ??= new Map(lerCsvIbge('municipios.csv').map(([cod, nome]) => [Number(cod), nome]));
  return nomes.get(codigo) ?? null;
}
