import { count, desc, not, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cteListaQuerySchema } from '../../src/contracts/ctes';
import { filtroCtes } from '../../src/server/ctes/filtro-ctes';
import { cte } from '../../src/server/db/schema/cte';
import { ocorrencia } from '../../src/server/db/schema/ocorrencia';
import { createHarness, type Harness } from './harness';

// Issue 31: the Fretes occurrence filters and GET /ocorrencias are index-driven (the partial indexes of migration
// 0027): with sequential scans and sorts priced out, the plan must name the index. The plan shape, never its timing.
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  for (const t of ['cte', 'ocorrencia', 'ocorrencia_cte']) await h.bancos.COLACRIL.db.execute(sql.raw(`analyze ${t}`));
});
afterAll(() => h.close());

async function plano(consulta: SQLWrapper): Promise<string> {
  return h.bancos.COLACRIL.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const r = (await tx.execute(sql`explain ${consulta}`)) as unknown as { rows: Record<string, string>[] };
    return r.rows.map((l) => Object.values(l)[0]).join('\n');
  });
}
const db = () => h.bancos.COLACRIL.db;

describe('indexes', () => {
  it.each([
    ['REENTREGA', /cte_marca_reentrega_idx/],
    ['SEM_COMPROVANTE', /cte_marca_comprovante_idx|cte_marca_pkey/],
  ] as const)('the Fretes filter %s', async (ocorrenciaFiltro, indice) => {
    const q = cteListaQuerySchema.parse({ tomadorServico: 'TODOS', dataIni: '2000-01-01', dataFim: '2099-12-31', ocorrencia: ocorrenciaFiltro });
    expect(await plano(db().select({ id: cte.id }).from(cte).where(filtroCtes(q)).orderBy(desc(cte.dataEmissao), desc(cte.id)).limit(50))).toMatch(indice);
  });

  it('GET /ocorrencias: the page and the unlinked ones (and their count), newest read first', async () => {
    const pagina = (naoVinculadas: boolean) =>
      db()
        .select({ id: ocorrencia.id })
        .from(ocorrencia)
        .where(naoVinculadas ? not(ocorrencia.vinculada) : undefined)
        .orderBy(desc(ocorrencia.lidaEm), desc(ocorrencia.id))
        .limit(50);
    expect(await plano(pagina(false))).toMatch(/ocorrencia_lida_idx/);
    expect(await plano(pagina(true))).toMatch(/ocorrencia_nao_vinculada_idx/);
    expect(await plano(db().select({ n: count() }).from(ocorrencia).where(not(ocorrencia.vinculada)))).toMatch(/ocorrencia_nao_vinculada_idx/);
  });
});
