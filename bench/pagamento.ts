// Payment-situation benchmark (issue 29), PostgreSQL: 10,000 faturas of 100 CT-e lines each (1,000,000 lines,
// written by SQL over generate_series), every fatura reconferred once (the first start after migration 0025),
// then one release rule switched off through POST /api/regras-pagamento (reconferring every fatura) while
// GET /api/faturas is called in a loop: the recompute's time and the list's p95 idle and during. Figures only.
// Alone: npx tsx -e "import('./bench/pagamento.ts').then(async m => console.log((await m.benchPagamento()).join('\n')))"
// BENCH_PAGAMENTO_FATURAS (default 10000), BENCH_PAGAMENTO_LINHAS (default 100), BENCH_PAGAMENTO_CTES (default 100000).
// BENCH_PAGAMENTO_INDICE=1 creates by hand the covering index the list's check wants (INDICE_CONFERENCIA, proposed for
// the schema; not in the migrations yet), to measure its gain.
import { sql } from 'drizzle-orm';
import type { CompanyDatabase } from '../src/server/db/database';
import { recalcularSituacaoPagamento } from '../src/server/pagamentos/recalcular-situacao';
import { comBancosGerados, emCadaBanco, linhas, mil } from './bancos-bench';
import { quantil } from './measure';

const FATURAS = Number(process.env.BENCH_PAGAMENTO_FATURAS ?? 10_000);
const LINHAS = Number(process.env.BENCH_PAGAMENTO_LINHAS ?? 100);
const CTES = Number(process.env.BENCH_PAGAMENTO_CTES ?? 100_000);
const INDICE = process.env.BENCH_PAGAMENTO_INDICE === '1';

/** The page's check (resumosConferencia) read from the index alone: a fatura's lines are scattered over the heap. */
export const INDICE_CONFERENCIA = 'create index if not exists fatura_cte_conferencia_idx on fatura_cte (fatura_id) include (cte_id, valor_frete, cobranca_anterior_id)';

/** FATURAS faturas of LINHAS lines over the generated CT-es (one in 500 overbilled), due 20 days after their issue. */
export async function gerar(banco: CompanyDatabase): Promise<number> {
  const t0 = performance.now();
  await banco.db.transaction(async (tx) => {
    const [b] = linhas<{ f: number; d: number }>(await tx.execute(sql`select coalesce(max(id), 0)::int as f, (select coalesce(max(id), 0)::int from fatura_documento) as d from fatura`));
    await tx.execute(sql`create temporary table _c on commit drop as select row_number() over (order by id)::int - 1 as rn, id, valor_total, serie, numero, emitente_documento from cte order by id`);
    const [{ n }] = linhas<{ n: number }>(await tx.execute(sql`select count(*)::int as n from _c`));
    await tx.execute(sql`create temporary table _f on commit drop as
      select g, ${b.f} + g as id, ((now() at time zone 'America/Sao_Paulo')::date - (g % 700)) as dia from generate_series(1, ${FATURAS}) as g`);
    await tx.execute(sql`insert into fatura (id, nome_arquivo, layout, documento, remetente, destinatario, intercambio, transportadora_cnpj, transportadora_razao_social,
        numero_documento, data_emissao, data_vencimento, quantidade, valor_total, status, hash, lida_em)
      select f.id, 'BENCH-' || f.g || '.txt', '3.0A', 'COBRA' || lpad(f.g::text, 9, '0'), 'Bench', 'Colacril', 'COB' || f.g, '12345678000195', 'Transportadora Bench',
        f.g::text, f.dia, f.dia + 20, ${LINHAS}, 0, 'PROCESSADO', md5('bench' || f.g), f.dia + interval '13 hours'
      from _f f`);
    await tx.execute(sql`insert into fatura_documento (id, fatura_id, ordem, transportadora_cnpj, filial, tipo_documento, serie, numero, data_emissao, data_vencimento,
        tipo_cobranca, valor, acao, quantidade_ctes)
      select ${b.d} + f.g, f.id, 0, '12345678000195', '0000000001', '0', '1', f.g::text, f.dia, f.dia + 20, 'BCO', 0, 'I', ${LINHAS} from _f f`);
    await tx.execute(sql`insert into fatura_cte (fatura_id, documento_id, linha, filial, serie, numero, valor_frete, cte_id, identidade)
      select f.id, ${b.d} + f.g, j, '0000000001', coalesce(c.serie, '1'), c.numero::text,
        (c.valor_total + case when (f.g * 7 + j) % 500 = 0 then 12.50 else 0 end)::numeric(15, 2), c.id,
        coalesce(c.emitente_documento, '12345678000195') || '|' || coalesce(c.serie, '1') || '|' || c.numero
      from _f f cross join generate_series(1, ${LINHAS}) as j join _c c on c.rn = ((f.g::bigint * ${LINHAS} + j) * 7919) % ${n}`);
    await tx.execute(sql`update fatura f set valor_total = s.t from (select fatura_id, sum(valor_frete) as t from fatura_cte group by fatura_id) s where s.fatura_id = f.id`);
    for (const t of ['fatura', 'fatura_documento']) await tx.execute(sql.raw(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`));
  });
  if (INDICE) await banco.db.execute(sql.raw(INDICE_CONFERENCIA));
  for (const t of ['fatura', 'fatura_documento', 'fatura_cte', 'cte']) await banco.db.execute(sql.raw(`vacuum analyze ${t}`));
  return performance.now() - t0;
}

const p95 = (xs: number[]) => `p95 ${quantil(xs, 0.95).toFixed(1)} ms, p50 ${quantil(xs, 0.5).toFixed(1)} ms (n=${xs.length})`;

async function chamarLista(url: string, token: string, parar: () => boolean, minimo = 0): Promise<number[]> {
  const xs: number[] = [];
  while (!parar() || xs.length < minimo) {
    const t = performance.now();
    const r = await fetch(`${url}/api/faturas?inicio=2000-01-01&situacaoPagamento=BLOQUEADA`, { headers: { authorization: token } });
    if (!r.ok) throw new Error(`GET /api/faturas: ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
    xs.push(performance.now() - t);
  }
  return xs;
}

const medir = (nome: string, local: { databaseUrl?: string; dataDir?: string }) =>
  comBancosGerados(nome, local, CTES, async ({ banco, servir }) => {
    const figuras = [`${nome}: ${mil(FATURAS)} faturas × ${LINHAS} linhas gravadas por SQL em ${((await gerar(banco)) / 1000).toFixed(1)} s${INDICE ? ' (com fatura_cte_conferencia_idx)' : ''}`];
    let t = performance.now();
    await banco.db.transaction((tx) => recalcularSituacaoPagamento(tx, { todas: true }));
    figuras.push(`${nome}: primeira conferência de todas as faturas (${mil(FATURAS * LINHAS)} linhas) em ${((performance.now() - t) / 1000).toFixed(1)} s`);
    // It rewrote every line: what autovacuum does soon after, done now (the visibility map an index-only scan reads).
    await banco.db.execute(sql.raw('vacuum analyze fatura_cte'));
    const [sit] = linhas<{ s: string }>(await banco.db.execute(sql`select string_agg(situacao_pagamento || ' ' || n, ', ') as s from (select situacao_pagamento, count(*) n from fatura group by 1) x`));
    figuras.push(`${nome}: situações: ${sit.s}`);
    const s = await servir();
    let n = 0;
    const ocioso = await chamarLista(s.url, s.token, () => ++n > 40);
    figuras.push(`${nome}: GET /api/faturas?situacaoPagamento=BLOQUEADA ocioso: ${p95(ocioso)}`);
    const regras = (await (await fetch(`${s.url}/api/regras-pagamento`, { headers: { authorization: s.token } })).json()) as Record<string, unknown> & { bloqueios: Record<string, boolean> };
    let pronto = false;
    const durante = chamarLista(s.url, s.token, () => pronto, 5);
    t = performance.now();
    const r = await fetch(`${s.url}/api/regras-pagamento`, {
      method: 'POST',
      headers: { authorization: s.token, 'content-type': 'application/json' },
      body: JSON.stringify({ ...regras, bloqueios: { ...regras.bloqueios, DIVERGENCIA_ABERTA: false } }),
    });
    const ms = performance.now() - t;
    pronto = true;
    if (!r.ok) throw new Error(`POST /api/regras-pagamento: ${r.status} ${await r.text()}`);
    figuras.push(`${nome}: uma regra desligada, ${mil(FATURAS)} faturas reconferidas em ${(ms / 1000).toFixed(1)} s (meta ≤ 30 s)`);
    figuras.push(`${nome}: GET /api/faturas durante a reconferência: ${p95(await durante)} (meta p95 ≤ 2 × ocioso)`);
    return figuras;
  });

export async function benchPagamento(): Promise<string[]> {
  return emCadaBanco('pg', 'pagamento', medir);
}
