// Volume for the readjustment benchmark: the demo's CT-es audited (by the engine, at seeding) with one table,
// copied by the database until `quantidade` CT-es stand audited with it, each copy with its original's current audit
// (same values, lines and trace): INSERT ... SELECT FROM generate_series in chunks, the audits in the same statement.
// Copies keep their original's emission date (the demo's last three months), so one period holds them all; they
// are never grouped (a group's members would not be the copies).
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/database';
import { linhas } from '../src/server/db/linhas';

const LOTE = 20_000;
/** Copies' keys and numbers: apart from any real or generated CT-e. */
const PREFIXO_CHAVE = '77';
const NUMERO_BASE = 700_000_000;

const SEM_COPIA = new Set(['id', 'chave', 'numero', 'serie', 'grupo_id', 'agrupamento', 'versao', 'numero_fatura']);

/** The demo table with the most CT-es audited with it (current audit, priced). */
export async function tabelaMaisAuditada(db: Db): Promise<{ id: number; ctes: number }> {
  const [l] = linhas<{ id: number; n: number }>(
    await db.execute(sql`
      select a.tabela_frete_id as id, count(*)::int as n from cte c join cte_auditoria a on a.id = (select max(x.id) from cte_auditoria x where x.cte_id = c.id)
      where c.status in ('AUDITADO_SUCESSO', 'AUDITADO_OBSERVACOES', 'AUDITADO_FALHA', 'AUDITADO_REVISADO') and a.valor_total is not null and a.tabela_frete_id is not null
      group by 1 order by 2 desc, 1 limit 1`),
  );
  return { id: Number(l.id), ctes: Number(l.n) };
}

/**
 * Copies the CT-es audited with `tabelaId` until `quantidade` stand audited with it; answers the copies made. The
 * originals are listed once in a work table (numbered k = 0..n−1); copy g is a copy of original g mod n.
 */
export async function multiplicarCtesAuditados(db: Db, tabelaId: number, quantidade: number, existentes: number): Promise<number> {
  const colunas = linhas<{ nome: string }>(
    await db.execute(sql`select column_name as nome from information_schema.columns where table_schema = current_schema() and table_name = 'cte' order by ordinal_position`),
  )
    .map((c) => c.nome)
    .filter((c) => !SEM_COPIA.has(c));
  const lista = sql.raw(colunas.map((c) => `"${c}"`).join(', '));
  const daBase = sql.raw(colunas.map((c) => `c."${c}"`).join(', '));
  const faltam = Math.max(0, quantidade - existentes);
  await db.execute(sql`drop table if exists bench_reajuste_base`);
  await db.execute(sql`
    create table bench_reajuste_base as
    select c.id as original, a.id as auditoria_id, (row_number() over (order by c.id) - 1)::int as k
    from cte c join cte_auditoria a on a.id = (select max(x.id) from cte_auditoria x where x.cte_id = c.id)
    where a.tabela_frete_id = ${tabelaId} and a.valor_total is not null
      and c.status in ('AUDITADO_SUCESSO', 'AUDITADO_OBSERVACOES', 'AUDITADO_FALHA', 'AUDITADO_REVISADO')`);
  await db.execute(sql`create unique index on bench_reajuste_base (k)`);
  await db.execute(sql`analyze bench_reajuste_base`);
  const [{ n }] = linhas<{ n: number }>(await db.execute(sql`select count(*)::int as n from bench_reajuste_base`));
  try {
    for (let g0 = 0; g0 < faltam; g0 += LOTE) {
      const g1 = Math.min(faltam, g0 + LOTE);
      await db.execute(sql`
        with novos as (
          insert into cte (chave, numero, serie, ${lista})
          select ${PREFIXO_CHAVE} || lpad(g::text, 42, '0'), ${NUMERO_BASE} + g, '9', ${daBase}
          from generate_series(${g0}::int, ${g1 - 1}::int) g join bench_reajuste_base b on b.k = g % ${n}::int join cte c on c.id = b.original
          returning id, chave)
        insert into cte_auditoria (cte_id, status, valor_cobrado, valor_total, diferenca, tolerancia, valor_correto, tabela_frete_id, tabela_escolhida,
          elementos_custo, mensagens, traco, responsavel_id, observacoes, auditado_em, revisado_em)
        select n.id, a.status, a.valor_cobrado, a.valor_total, a.diferenca, a.tolerancia, a.valor_correto, a.tabela_frete_id, a.tabela_escolhida,
          a.elementos_custo, a.mensagens, a.traco, a.responsavel_id, a.observacoes, a.auditado_em, a.revisado_em
        from novos n join bench_reajuste_base b on b.k = (substr(n.chave, 3)::bigint % ${n}::int)::int join cte_auditoria a on a.id = b.auditoria_id`);
    }
  } finally {
    await db.execute(sql`drop table if exists bench_reajuste_base`);
  }
  for (const tabela of ['cte', 'cte_auditoria']) await db.execute(sql.raw(`vacuum analyze ${tabela}`));
  return faltam;
}
