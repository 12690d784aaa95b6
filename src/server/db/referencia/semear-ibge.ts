import { readFileSync } from 'node:fs';
import type { Db } from '../database';
import { municipio } from '../schema/municipio';
import { uf } from '../schema/uf';
import { inserirJson } from '../inserir-json';

/** A file of ./ibge (estados.csv, municipios.csv) as rows of fields, header left out. */
export function lerCsvIbge(nome: 'estados.csv' | 'municipios.csv'): string[][] {
  const texto = readFileSync(new URL(`./ibge/${nome}`, import.meta.url), 'utf8').replace(/^\uFEFF/, '');
  // Plain comma-separated files without quoted fields (checked when they were copied in).
  return texto
    .split(/\r?\n/)
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => l.split(','));
}

// Demo limits per region, in the indicators' units (src/domain/indicadores): freight weight in R$ per kg
// (freight to pay / CT-e weight) and freight value in percent (freight / NF value × 100). Chosen around the
// demo CT-es' medians, so /indicadores shows green and red rows; the real ones are set on /uf.
const LIMITES_POR_REGIAO: Record<string, [string, string]> = {
  Sul: ['1.2000', '6.0000'],
  Sudeste: ['1.2000', '6.0000'],
  'Centro-Oeste': ['1.5000', '7.5000'],
  Nordeste: ['1.8000', '10.0000'],
  Norte: ['2.0000', '12.0000'],
};

/** The 27 UFs plus EX (exterior, spec 01 §3) and the 5,570 IBGE municipalities, in one JSON insert. */
export async function seedIbge(db: Db): Promise<void> {
  const estados: (typeof uf.$inferInsert)[] = lerCsvIbge('estados.csv').map(([codigo, sigla, nome, , , regiao]) => {
    const [peso, valor] = LIMITES_POR_REGIAO[regiao] ?? [null, null];
    return { codigo, sigla, nome, limiteFretePeso: peso, limiteFreteValor: valor };
  });
  estados.push({ codigo: '99', sigla: 'EX', nome: 'Exterior', limiteFretePeso: null, limiteFreteValor: null });
  const ufs = await db.insert(uf).values(estados).returning({ id: uf.id, codigo: uf.codigo, sigla: uf.sigla });
  const porCodigo = new Map(ufs.map((u) => [u.codigo, u]));

  const linhas = lerCsvIbge('municipios.csv').map(([codigo, nome, latitude, longitude, capital, codigoUf]) => {
    const estado = porCodigo.get(codigoUf);
    if (!estado) throw new Error(`UF ${codigoUf} do município ${codigo} não encontrada em estados.csv`);
    return {
      codigo: Number(codigo),
      nome,
      ufId: estado.id,
      siglaUf: estado.sigla,
      latitude: Number(latitude),
      longitude: Number(longitude),
      capital: capital === '1',
    };
  });
  // One parameter instead of 39,000 (PGlite binds each slowly): a second less on every new database.
  await inserirJson(db, 'municipio', linhas satisfies (typeof municipio.$inferInsert)[]);
}
