import { sql, type SQL } from 'drizzle-orm';
import { listaInteiros } from '../db/lista-inteiros';
import type { RegrasPagamento } from '../../contracts/pagamentos';
import { proximaVolta } from '../db/ceder-vez';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { lerRegrasPagamento } from './regras-pagamento';
import { recalcularFaturas } from './situacao-faturas';
import { recalcularLinhas, type FaixaIds } from './situacao-linhas';
import { reconferivel } from './situacao-resultado';

// The payment situation of faturas (issue 29; docs/decisoes.md §36), recomputed set-based: the rules (one read),
// the lines' blocks and values (one UPDATE), the faturas' rules, values and situation (one UPDATE). Only processed
// faturas in a reconferível situation (machines/fatura-pagamento.ts) move. Callers run it inside their transaction,
// after their change.

/** Which faturas to recompute: these ids, the faturas billing these CT-es, or every fatura not yet exported. */
export type AlvoRecalculo = { faturaIds: readonly number[] } | { cteIds: readonly number[] } | { todas: true };


/** The SELECT of the target fatura ids (each filter indexed: the primary key, fatura_cte_cte_idx, fatura_situacao_*). */
function alvoSql(alvo: AlvoRecalculo): SQL | null {
  const base = sql`select f0.id from fatura f0 where f0.status = 'PROCESSADO' and ${reconferivel('f0.situacao_pagamento')}`;
  if ('todas' in alvo) return base;
  if ('faturaIds' in alvo) return alvo.faturaIds.length ? sql`${base} and f0.id = any(${listaInteiros(alvo.faturaIds)})` : null;
  return alvo.cteIds.length
    ? sql`${base} and f0.id in (select fc0.fatura_id from fatura_cte fc0 where fc0.cte_id = any(${listaInteiros(alvo.cteIds)}))`
    : null;
}

/**
 * Lines per batch (fatura.quantidade, the CT-es the file bills): about a second of work each; a larger batch is
 * cheaper in all (each batch walks the lines and the CT-es it joins) but holds the server longer in one statement.
 */
export const LINHAS_POR_LOTE = 200_000;

/**
 * Lines per statement when a few faturas are recomputed (issue 33): a fatura of thousands of lines (a DOCCOB just
 * read) has its lines recomputed by ranges of ids, a turn of the event loop between, as PGlite runs each statement
 * in the one event loop. There a range of 250 lines is about 35 ms (1,000 lines were 100 ms).
 */
export const LINHAS_POR_COMANDO = 250;

/** The target faturas' lines cut into ranges of ids of `n` lines each, in id order. */
async function faixasDeLinhas(db: Db, selecao: SQL, n: number): Promise<FaixaIds[]> {
  return linhas<FaixaIds>(
    await db.execute(sql`
      select min(x.id)::int as de, max(x.id)::int as ate
      from (select fc2.id, (row_number() over (order by fc2.id) - 1) / ${n} as g from fatura_cte fc2 where fc2.fatura_id in (${selecao})) x
      group by x.g order by x.g`),
  );
}

/** A few faturas (the ids given): their lines LINHAS_POR_COMANDO a statement, a turn between, then the faturas. */
async function recalcularPoucas(db: Db, selecao: SQL, regras: RegrasPagamento, linhasPorComando: number): Promise<void> {
  const faixas = await faixasDeLinhas(db, selecao, linhasPorComando);
  if (faixas.length <= 1) await recalcularLinhas(db, selecao, regras.bloqueios);
  else
    for (const [i, faixa] of faixas.entries()) {
      if (i > 0) await proximaVolta();
      await recalcularLinhas(db, selecao, regras.bloqueios, faixa);
    }
  if (faixas.length > 1) await proximaVolta();
  await recalcularFaturas(db, selecao, regras);
}

/**
 * CT-es changed (an audit's chunk) billed in a few faturas: only their lines, then a turn, then those faturas. The
 * other lines cannot change (recalcularLinhas); a fatura of 5,000 lines recomputed whole per chunk held PGlite
 * 100 ms each time.
 */
async function recalcularDosCtes(db: Db, selecao: SQL, regras: RegrasPagamento, cteIds: readonly number[]): Promise<void> {
  await recalcularLinhas(db, selecao, regras.bloqueios, { cteIds });
  await proximaVolta();
  await recalcularFaturas(db, selecao, regras);
}

/** The target fatura ids in id order, cut into batches of about LINHAS_POR_LOTE lines (at least one fatura each). */
async function lotesDoAlvo(db: Db, selecao: SQL, linhasPorLote: number): Promise<number[][]> {
  const alvo = linhas<{ id: number; n: number }>(
    await db.execute(sql`select f1.id, greatest(f1.quantidade, 1)::int as n from fatura f1 where f1.id in (${selecao}) order by f1.id`),
  );
  const lotes: number[][] = [];
  let soma = Infinity;
  for (const { id, n } of alvo) {
    if (soma + n > linhasPorLote) {
      lotes.push([]);
      soma = 0;
    }
    lotes.at(-1)!.push(id);
    soma += n;
  }
  return lotes;
}

/**
 * Recomputes the lines' blocks, the values to pay and the payment situation of the faturas `alvo` selects, in two
 * statements. A large target (a rule changed, an audit of thousands of CT-es) goes in batches of about
 * LINHAS_POR_LOTE lines, each re-checked against the selection, one turn of the event loop between them, and no
 * parallel workers, so the lists keep a core (PostgreSQL) and their queries go first on PGlite's one connection.
 * Still in the caller's transaction: it commits or rolls back whole.
 */
export async function recalcularSituacaoPagamento(db: Db, alvo: AlvoRecalculo, linhasPorLote = LINHAS_POR_LOTE): Promise<void> {
  const selecao = alvoSql(alvo);
  if (!selecao) return;
  const regras = await lerRegrasPagamento(db);
  const poucas = await poucasFaturas(db, alvo, selecao);
  if (poucas && 'cteIds' in alvo) return recalcularDosCtes(db, poucas, regras, alvo.cteIds);
  if (poucas) return recalcularPoucas(db, poucas, regras, LINHAS_POR_COMANDO);
  const lotes = await lotesDoAlvo(db, selecao, linhasPorLote);
  const base = alvoSql({ todas: true })!;
  const paralelo = lotes.length > 1 ? await semParalelo(db) : null;
  for (const [i, ids] of lotes.entries()) {
    if (i > 0) await proximaVolta();
    const doLote = sql`${base} and f0.id = any(${listaInteiros(ids)})`;
    await recalcularLinhas(db, doLote, regras.bloqueios);
    await recalcularFaturas(db, doLote, regras);
  }
  if (paralelo !== null) await db.execute(sql`select set_config('max_parallel_workers_per_gather', ${paralelo}, true)`);
}

/**
 * The selection of at most 100 faturas, when the target is that small: the ids given, or the faturas billing the
 * CT-es given (an audit's chunk: one fatura of 5,000 lines was one 100 ms statement per chunk on PGlite); else null.
 */
async function poucasFaturas(db: Db, alvo: AlvoRecalculo, selecao: SQL): Promise<SQL | null> {
  if ('faturaIds' in alvo) return alvo.faturaIds.length <= 100 ? selecao : null;
  if (!('cteIds' in alvo)) return null;
  const ids = linhas<{ id: number }>(await db.execute(sql`${selecao} limit 101`)).map((f) => Number(f.id));
  return ids.length <= 100 ? alvoSql({ faturaIds: ids }) : null;
}

/** Switches parallel workers off for the transaction; answers the setting to restore. */
async function semParalelo(db: Db): Promise<string> {
  const [antes] = linhas<{ v: string }>(await db.execute(sql`select current_setting('max_parallel_workers_per_gather') as v`));
  await db.execute(sql`select set_config('max_parallel_workers_per_gather', '0', true)`);
  return antes.v;
}
