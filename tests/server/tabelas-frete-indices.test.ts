import { desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabelaFrete } from '../../src/server/db/schema/tabela-frete';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { textoTransportadora } from '../../src/server/routes/transportadoras';
import { vigenteEm } from '../../src/server/tabelas-frete/carregar-tabelas-vigentes';
import { createHarness, type Harness } from './harness';

// Every filter of /tabelas-frete has an index: with sequential scans priced out, the planner must find
// one (a missing index would still show "Seq Scan on tabela_frete"). The test data is small; the plan
// shape, not its timing, is what is checked.
let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
});
afterAll(() => h.close());

const db = () => h.bancos.COLACRIL.db;

/** The plan with sequential scans priced out; `soBitmap` also prices out plain index scans (a primary key
 * walked with a filter would otherwise do on a table this small). */
async function plano(consulta: SQLWrapper, soBitmap = false): Promise<string> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (soBitmap) await tx.execute(sql`set local enable_indexscan = off`);
    const r = (await tx.execute(sql`explain ${consulta}`)) as unknown as { rows: Record<string, string>[] };
    return r.rows.map((l) => Object.values(l)[0]).join('\n');
  });
}

describe('indexes of the freight-table queries', () => {
  it('/dtos and /cte: by carrier (and the date in force)', async () => {
    const dtos = await plano(db().select({ id: tabelaFrete.id }).from(tabelaFrete).where(eq(tabelaFrete.transportadoraId, 1)).orderBy(desc(tabelaFrete.inicio)));
    expect(dtos).toContain('tabela_frete_transportadora_inicio_idx');
    const cte = await plano(
      db().select({ id: tabelaFrete.id }).from(tabelaFrete).where(sql`${eq(tabelaFrete.transportadoraId, 1)} and ${vigenteEm('2026-06-15')}`),
    );
    expect(cte).not.toContain('Seq Scan on tabela_frete');
    expect(cte).toMatch(/tabela_frete_(transportadora_inicio|vigencia)_idx/);
  });

  it('the tables in force of every carrier: the validity range', async () => {
    const vigentes = await plano(db().select({ id: tabelaFrete.id }).from(tabelaFrete).where(vigenteEm('2026-06-15')));
    expect(vigentes).toContain('tabela_frete_vigencia_idx');
  });

  it('the list filtered by carrier text: the carrier trigram index, then the carrier\'s tables', async () => {
    const lista = await plano(
      db()
        .select({ id: tabelaFrete.id })
        .from(tabelaFrete)
        .innerJoin(transportadora, eq(transportadora.id, tabelaFrete.transportadoraId))
        .where(textoTransportadora('andrade')),
    );
    expect(lista).not.toContain('Seq Scan');
    expect(lista).toContain('tabela_frete_transportadora_inicio_idx');
    const filtro = await plano(db().select({ id: transportadora.id }).from(transportadora).where(textoTransportadora('andrade')), true);
    expect(filtro).toContain('transportadora_busca_trgm_idx');
  });
});
