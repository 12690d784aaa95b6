import { asc, inArray, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Db } from '../db/database';
import { cte, cteNota } from '../db/schema/cte';
import { minuta, minutaNotaFiscal } from '../db/schema/minuta';
import { serieNormalizada, type ErpNotaFiscal, type ErpNotasPedidos } from '../erp/erp-source';
import { proximaVolta } from '../db/ceder-vez';

// After "Converter CT-es" (docs/decisoes.md §13): a minuta names its notas fiscais by série and número only, and a
// CONEMB 3.x carries no note values, so the CT-e it made would reach the audit without the cargo value ("Valor da
// carga do CT-e não informado"). The ERP knows its own notes: each one it knows becomes a cte_nota (key,
// weights, value, order), and when it knows every note of the minuta, their sum is the CT-e's cargo value and
// gross weight stays the minuta's. Run outside the conversion's transactions (the ERP may be the same
// database, which PGlite serves one transaction at a time), in batches with a constant number of queries.

const LOTE = 1000;
const chaveNota = (serie: string, numero: number | string) => `${serieNormalizada(serie)}|${Number(numero)}`;

/** The notes of the minutas behind these CT-es: cte id → [série, número]. */
async function notasDasMinutas(db: Db, cteIds: number[]) {
  const r = await db
    .select({ cteId: minuta.cteId, serie: minutaNotaFiscal.serie, numero: minutaNotaFiscal.numero })
    .from(minutaNotaFiscal)
    .innerJoin(minuta, sql`${minuta.id} = ${minutaNotaFiscal.minutaId}`)
    .where(inArray(minuta.cteId, cteIds))
    .orderBy(asc(minutaNotaFiscal.id));
  const porCte = new Map<number, { serie: string; numero: string }[]>();
  for (const n of r) {
    const lista = porCte.get(n.cteId!);
    if (lista) lista.push({ serie: n.serie, numero: n.numero });
    else porCte.set(n.cteId!, [{ serie: n.serie, numero: n.numero }]);
  }
  return porCte;
}

async function completarLote(db: Db, erp: ErpNotasPedidos, cteIds: number[]): Promise<number> {
  const porCte = await notasDasMinutas(db, cteIds);
  const pares = [...porCte.values()].flat().map((n) => ({ serie: n.serie, numero: Number(n.numero) }));
  if (!pares.length) return 0;
  const doErp = new Map<string, ErpNotaFiscal>();
  await proximaVolta();
  for (const n of await erp.notasPorNumero(pares)) if (!doErp.has(chaveNota(n.serie, n.numero))) doErp.set(chaveNota(n.serie, n.numero), n);
  const novas: (typeof cteNota.$inferInsert)[] = [];
  const valores: { id: number; valor: string }[] = [];
  for (const [cteId, notas] of porCte) {
    const achadas = notas.map((n) => doErp.get(chaveNota(n.serie, n.numero))).filter((n): n is ErpNotaFiscal => n !== undefined);
    for (const n of achadas)
      novas.push({ cteId, chave: n.chave, numero: n.numero, pesoBruto: n.pesoBruto, pesoLiquido: n.pesoLiquido, valorTotalProdutos: n.valorTotalProdutos, valor: n.valor, pedidoId: n.pedidoId, notaFiscalId: n.notaFiscalId, dataEmissao: n.dataEmissao });
    if (achadas.length === notas.length && achadas.every((n) => n.valor !== null))
      valores.push({ id: cteId, valor: achadas.reduce((s, n) => s.plus(n.valor!), new Decimal(0)).toFixed(2) });
  }
  if (!novas.length) return 0;
  await proximaVolta();
  await db.transaction(async (tx) => {
    await tx.insert(cteNota).values(novas);
    await proximaVolta();
    if (valores.length)
      await tx.execute(sql`update ${cte} as c set valor_notas = x.valor from jsonb_to_recordset(${JSON.stringify(valores)}::jsonb) as x(id int, valor numeric)
        where c.id = x.id`);
  });
  return novas.length;
}

/** Fills, from the ERP, the notes of the CT-es just made from minutas; answers how many notes it found. */
export async function completarNotasDoErp(db: Db, erp: ErpNotasPedidos, cteIds: readonly number[]): Promise<number> {
  let achadas = 0;
  for (let i = 0; i < cteIds.length; i += LOTE) achadas += await completarLote(db, erp, cteIds.slice(i, i + LOTE));
  return achadas;
}
