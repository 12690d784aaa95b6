import { and, asc, count, eq, gt, gte, lte, max, min, sql, type SQL } from 'drizzle-orm';
import { proximoStatus } from '../../../machines/cte-audit';
import type { ProgressoReleitura } from '../../contracts/leitura-xml';
import type { CompanyDatabase, Db } from '../db/database';
import { cederVez, emLotes, proximaVolta } from '../db/ceder-vez';
import { cte, cteXml } from '../db/schema/cte';
import { lerCteXml } from './cte-xml';
import { colunasCte } from './ler-arquivos-cte';
import { cancelamentoDoCte } from './cancelar-cte';
import { relogio } from '../../domain/relogio';
import { recalcularSituacaoPagamento } from '../pagamentos/recalcular-situacao';
import { resolverReferencias } from './referencias-cte';

// POST /ctes/carregar-xml-tabela {dias} (spec 03 §7, settings tab Comandos): the XMLs stored for CT-es read
// in the last `dias` days are read again with the current reader, so its fixes reach documents already in
// the database. The status is kept, except that a protocol (or, docs/decisoes.md §12, a cancellation the cteProc
// carries) now saying "cancelled" cancels it (when the status machine allows). A stored XML the reader now
// refuses changes nothing and is counted. Issue 31: the reference to another CT-e is stored and resolved again; the
// document's own inconsistency (components ≠ total) is recomputed, its notes' ones (processing's) are kept.
// Issue 33: 180 days are a batch. Statements over bounded ranges of ids (counted first, for the progress), LOTE CT-es
// a short transaction (PGlite's one connection is free between them), the event loop given back between CT-es and
// between chunks, the progress kept for GET /ctes/carregar-xml-tabela, and one re-reading at a time per company
// (across processes: the database's lock).

const LOTE = 100;

export interface ResultadoReleitura {
  relidos: number;
  erros: { chave: string; motivo: string }[];
}

type Linha = { id: number; chave: string; status: typeof cte.$inferSelect.status; xml: string };

/** One stored XML read again and its CT-e updated; answers the reason when the reader refuses it now. */
async function relerUm(tx: Db, linha: Linha): Promise<string | null> {
  const leitura = lerCteXml(linha.xml);
  if (leitura.tipo !== 'CTE') return leitura.tipo === 'ERRO' ? leitura.motivo : 'O XML guardado não é mais um CT-e.';
  if (leitura.cte.chave !== linha.chave) return `O XML guardado tem outra chave (${leitura.cte.chave}).`;
  const cancelar = leitura.cte.cancelado && proximoStatus(linha.status, { type: 'CANCELAR' }) !== null;
  const { inconsistencias, ...colunas } = colunasCte(leitura.cte);
  await tx
    .update(cte)
    .set({
      ...colunas,
      inconsistencias: sql`array_remove(${cte.inconsistencias}, 'COMPONENTES_DIFEREM_TOTAL') || ${`{${inconsistencias.join(',')}}`}::varchar[]`,
      ...(cancelar ? { status: 'CANCELADO' as const, ...cancelamentoDoCte(leitura.cte, leitura.cancelamento) } : {}),
      versao: sql`${cte.versao} + 1`,
      alteradoEm: relogio.agora(),
    })
    .where(eq(cte.id, linha.id));
  return null;
}

/** One chunk in one transaction: each CT-e, then the references from and to them. */
async function relerLote(db: Db, lote: Linha[], resultado: ResultadoReleitura): Promise<void> {
  const erros: ResultadoReleitura['erros'] = [];
  let relidos = 0;
  await db.transaction(async (tx) => {
    const ceder = cederVez();
    for (const linha of lote) {
      await ceder();
      const motivo = await relerUm(tx, linha);
      if (motivo === null) relidos++;
      else erros.push({ chave: linha.chave, motivo });
    }
    await resolverReferencias(tx, lote.map((l) => l.chave));
  });
  resultado.relidos += relidos;
  resultado.erros.push(...erros);
}

/** CT-e ids a statement looks at (a primary-key range): each statement's work stays bounded whatever the period holds. */
const FAIXA_CONTAGEM = 5_000;
const FAIXA_LEITURA = 500;

/** The ids the period spans (cte_lido_em_idx): the ranges walk only these, not the whole table. */
async function idsDoPeriodo(db: Db, desde: SQL): Promise<{ primeiro: number; ultimo: number }> {
  const [r] = await db.select({ primeiro: min(cte.id), ultimo: max(cte.id) }).from(cte).where(desde);
  return { primeiro: r?.primeiro ?? 1, ultimo: r?.ultimo ?? 0 };
}

/** The CT-es of the period with a stored XML: counted range by range of ids, a turn of the event loop between. */
async function contar(db: Db, desde: SQL, { primeiro, ultimo }: { primeiro: number; ultimo: number }): Promise<number> {
  let total = 0;
  for (let inicio = primeiro - 1; inicio < ultimo; inicio += FAIXA_CONTAGEM) {
    await proximaVolta();
    const [{ n }] = await db
      .select({ n: count() })
      .from(cte)
      .innerJoin(cteXml, eq(cteXml.cteId, cte.id))
      .where(and(desde, gt(cte.id, inicio), lte(cte.id, inicio + FAIXA_CONTAGEM)));
    total += n;
  }
  return total;
}

/** Reads again the stored XMLs of the CT-es read in the last `dias` days; `aoProgredir` after each chunk. */
export async function relerXmlCte(db: Db, dias: number, aoProgredir?: (p: ProgressoReleitura) => void): Promise<ResultadoReleitura> {
  const resultado: ResultadoReleitura = { relidos: 0, erros: [] };
  const desde = gte(cte.lidoEm, new Date(relogio.agoraMs() - dias * 86_400_000));
  const ids = await idsDoPeriodo(db, desde);
  const total = await contar(db, desde, ids);
  let feitos = 0;
  aoProgredir?.({ feitos, total });
  // Ranges of ids, then chunks of LOTE: memory and each statement stay bounded however many CT-es the period holds.
  // CT-es read meanwhile (ids past `ultimo`) were read with the current reader already.
  for (let inicio = ids.primeiro - 1; inicio < ids.ultimo; inicio += FAIXA_LEITURA) {
    await proximaVolta();
    const faixa = await db
      .select({ id: cte.id, chave: cte.chave, status: cte.status, xml: cteXml.xml })
      .from(cte)
      .innerJoin(cteXml, eq(cteXml.cteId, cte.id))
      .where(and(desde, gt(cte.id, inicio), lte(cte.id, inicio + FAIXA_LEITURA)))
      .orderBy(asc(cte.id));
    await emLotes(faixa, LOTE, async (lote) => {
      await relerLote(db, lote, resultado);
      feitos += lote.length;
      // CT-es read meanwhile may join the period: the total never stays below what was done.
      aoProgredir?.({ feitos, total: Math.max(total, feitos) });
    });
    // Values or a cancellation read again: the faturas billing the range are reconferred (issue 29), once a range (a
    // fatura bills CT-es of several chunks: its whole recomputation is the cost, not the CT-es').
    if (faixa.length) await db.transaction((tx) => recalcularSituacaoPagamento(tx, { cteIds: faixa.map((l) => l.id) }));
  }
  return resultado;
}

/** The re-readings running in this process, by company (GET /ctes/carregar-xml-tabela). */
const emAndamento = new Map<string, ProgressoReleitura>();

export const progressoReleitura = (empresa: string): ProgressoReleitura | null => emAndamento.get(empresa) ?? null;

/**
 * POST /ctes/carregar-xml-tabela: relerXmlCte under the company's lock (db/trava-exclusiva.ts: one at a time across
 * every process on the database), its progress kept while it runs. Null when another re-reading holds the lock.
 */
export async function relerXmlCteUmaVez(banco: Pick<CompanyDatabase, 'db' | 'empresa' | 'travar'>, dias: number): Promise<ResultadoReleitura | null> {
  const liberar = await banco.travar('carregar-xml-tabela');
  if (!liberar) return null;
  try {
    return await relerXmlCte(banco.db, dias, (p) => emAndamento.set(banco.empresa, p));
  } finally {
    emAndamento.delete(banco.empresa);
    await liberar();
  }
}
