import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { linhas } from '../../src/server/db/linhas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minuta } from '../../src/server/db/schema/minuta';
import { erpNotasPedidosDe } from '../../src/server/erp/erp-source';
import { converterConhecimentos } from '../../src/server/minutas/converter-conhecimentos';
import { converterMinutasEmCtes } from '../../src/server/minutas/converter-ctes';
import { lerPastaConemb } from '../../src/server/minutas/ler-pasta-conemb';
import { createHarness, criarEdiDirTeste, type Harness } from './harness';
import { arquivoConemb, cadastrarDlb, conhecimento, criarPastasConemb } from './minutas-lotes-dados';
import { voltasDurante } from './voltas-do-laco';

// Issue 33: "Converter Minutas" and "Converter CT-es" give the event loop back between their batches. A PGlite query
// resolves without a macrotask (the WebAssembly runs it synchronously), so a batch of many such queries held every
// timer and request until its end: an immediate that re-schedules itself must run between batches, more than once.

const edi = criarEdiDirTeste();
const pastas = criarPastasConemb(edi.ediDir);
let h: Harness;
const CONHECIMENTOS = 900;

beforeAll(async () => {
  h = await createHarness({ ediDir: edi.ediDir });
  await cadastrarDlb(h.bancos.COLACRIL.db);
  const lista = Array.from({ length: CONHECIMENTOS }, (_, i) => conhecimento(String(700_000 + i)));
  writeFileSync(join(pastas().entrada, 'CONEMB-CEDE.txt'), arquivoConemb(lista), 'latin1');
  const r = await lerPastaConemb(h.bancos.COLACRIL.db, pastas());
  expect(r.conhecimentos).toBe(CONHECIMENTOS);
});
afterAll(async () => {
  await h.close();
  edi.remover();
});

describe('conversions give the event loop back', () => {
  it('converterConhecimentos: an immediate runs between its batches', async () => {
    const banco = h.bancos.COLACRIL;
    const { voltas, r } = await voltasDurante(() => converterConhecimentos(banco.db, erpNotasPedidosDe(banco)));
    expect(r.minutas).toBe(CONHECIMENTOS);
    expect(voltas).toBeGreaterThan(2);
  });

  it('converterMinutasEmCtes: an immediate runs between its batches and between the statements of each', async () => {
    const banco = h.bancos.COLACRIL;
    // Every converted minuta completed (origin and destination) and confirmed: 900 CT-es made in 5 batches of 200.
    const [m] = linhas<{ min: number; max: number }>(await banco.db.execute(sql`select min(id), max(id) from municipio`));
    const ids = (await banco.db.select({ id: minuta.id }).from(minuta).where(eq(minuta.origemMinuta, 'CONEMB'))).map((x) => x.id);
    await banco.db
      .update(minuta)
      .set({ status: 'PREENCHIDO', origemId: m.min, destinoId: m.max })
      .where(and(inArray(minuta.id, ids), eq(minuta.status, 'PENDENTE')));
    const { voltas, r } = await voltasDurante(() => converterMinutasEmCtes(banco.db, erpNotasPedidosDe(banco)));
    expect(r.ctes).toHaveLength(CONHECIMENTOS);
    // A turn before each batch and before each of its five later statements (the CT-es go in by 100: two of them):
    // 5 batches × 7. Between batches only, it counted 7 in all.
    expect(voltas).toBeGreaterThanOrEqual(5 * 7);
  });
});
