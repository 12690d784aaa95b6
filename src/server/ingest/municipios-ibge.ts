import { readFileSync } from 'node:fs';

// The IBGE municipality register as the reader needs it: a code's name. The same file the company databases' municipio
// table is seeded from (src/server/db/referencia/semear-ibge.ts), read once on first use, so the XML reader stays pure.

let nomes: Map<number, string> | null = null;

function carregar(): Map<number, string> {
  const texto = readFileSync(new URL('../db/referencia/ibge/municipios.csv', import.meta.url), 'utf8').replace(/^\uFEFF/, '');
  const mapa = new Map<number, string>();
  // Plain comma-separated file without quoted fields: codigo_ibge,nome,...
  for (const linha of texto.split(/\r?\n/).slice(1)) {
    const [codigo, nome] = linha.split(',');
    if (codigo && nome && /^\d{7}$/.test(codigo)) mapa.set(Number(codigo), nome);
  }
  return mapa;
}

/** The register's name of the IBGE code, or null when the code is unknown (9999999 abroad, a typo). */
export function nomeMunicipioIbge(codigo: number | null | undefined): string | null {
  if (codigo == null) return null;
  nomes ??= carregar();
  return nomes.get(codigo) ?? null;
}
