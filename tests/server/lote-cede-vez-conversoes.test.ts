import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
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

  it('converterMinutasEmCtes: an immediate runs between its batches', async () => {
    const banco = h.bancos.COLACRIL;
    // Every converted minuta confirmed: several batches of the conversion (those lacking data are refused, a batch all the same).
    const ids = (await banco.db.select({ id: minuta.id }).from(minuta).where(eq(minuta.origemMinuta, 'CONEMB'))).map((m) => m.id);
    await banco.db.update(minuta).set({ status: 'PREENCHIDO' }).where(and(inArray(minuta.id, ids), eq(minuta.status, 'PENDENTE')));
    const { voltas, r } = await voltasDurante(() => converterMinutasEmCtes(banco.db, erpNotasPedidosDe(banco)));
    expect(r.mensagens.length).toBeGreaterThan(0);
    expect(voltas).toBeGreaterThan(2);
  });
});
