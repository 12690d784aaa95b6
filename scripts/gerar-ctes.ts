import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { EMPRESAS, type Empresa } from '../src/contracts/common';
import { openPgliteDatabase } from '../src/server/db/open-pglite';
import { openPostgresDatabase } from '../src/server/db/open-postgres';
import { gerarCtes } from '../src/server/demo/gerar-ctes';
import { seedDatabase } from '../src/server/carga-inicial/semear-banco';

// Volume CT-es for benchmarks: `tsx scripts/gerar-ctes.ts --quantidade 1000000 [--empresa COLACRIL] [--lote 50000]`.
// DATABASE_URL: the company's schema on that PostgreSQL server (as the server opens it); otherwise the
// PGlite folder under DATA_DIR (default ./data; stop the server first, the folder is locked while open).
// The database is migrated and seeded first, like a first start, so the registers exist.

const { values } = parseArgs({
  options: { quantidade: { type: 'string', default: '100000' }, empresa: { type: 'string', default: 'COLACRIL' }, lote: { type: 'string', default: '50000' } },
});
const quantidade = Number(values.quantidade);
const lote = Number(values.lote);
const empresa = values.empresa!.toUpperCase() as Empresa;
if (!Number.isInteger(quantidade) || quantidade < 1 || !Number.isInteger(lote) || lote < 1 || !EMPRESAS.includes(empresa)) {
  console.error(`Uso: tsx scripts/gerar-ctes.ts --quantidade N [--empresa ${EMPRESAS.join('|')}] [--lote N]`);
  process.exit(1);
}

const url = process.env.DATABASE_URL || undefined;
const nome = empresa.toLowerCase();
const banco = url ? await openPostgresDatabase(empresa, url, nome) : await openPgliteDatabase(empresa, join(process.env.DATA_DIR ?? './data', nome));
try {
  console.log(`${banco.descricao}: migrando e semeando se preciso...`);
  await banco.migrate();
  await seedDatabase(banco, { adminPassword: process.env.ADMIN_PASSWORD || undefined, demo: true });
  const r = await gerarCtes(banco, quantidade, { lote });
  console.log(`${r.quantidade.toLocaleString('pt-BR')} CT-es gerados em ${(r.ms / 1000).toFixed(1)} s (${Math.round(r.quantidade / (r.ms / 1000)).toLocaleString('pt-BR')} por segundo).`);
} finally {
  await banco.close();
}
