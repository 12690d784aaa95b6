// Part of bench/faturas.ts: `quantidade` faturas written straight by SQL (temporary tables over
// generate_series, then three INSERT ... SELECT), spread over 24 months and a dozen carriers, 1 to 12 CT-e
// lines each linked to generated CT-es (a few not found, a few overbilled); then the latency of GET /api/faturas.
import { sql } from 'drizzle-orm';
import type { CompanyDatabase, Db } from '../src/server/db/database';
import { mesSaoPaulo } from '../src/domain/sao-paulo-date';
import { linhas, medirConsulta } from './bancos-bench';

const TRANSPORTADORAS = 12;

/** The faturas (id = base + g), their carrier, day, status and line count, and the CT-es their lines bill. */
async function tabelasTemporarias(tx: Db, quantidade: number, base: { fatura: number }) {
  await tx.execute(sql`create temporary table _t on commit drop as
    select row_number() over (order by id)::int - 1 as i, id, cnpj, left(razao_social, 50) as razao from transportadora
    where cnpj ~ '^[0-9]{14}$' order by id limit ${TRANSPORTADORAS}`);
  const [{ n: nt }] = linhas<{ n: number }>(await tx.execute(sql`select count(*)::int as n from _t`));
  await tx.execute(sql`create temporary table _c on commit drop as
    select row_number() over (order by id)::int - 1 as rn, id, valor_total from cte where status not in ('CANCELADO', 'DESCONSIDERADO') order by id limit 500000`);
  const [{ n: nc }] = linhas<{ n: number }>(await tx.execute(sql`select count(*)::int as n from _c`));
  // Today in São Paulo back 730 days; recent months a little heavier.
  await tx.execute(sql`create temporary table _f on commit drop as
    select g, ${base.fatura} + g as id, (g::bigint * 7919) % ${nt} as ti, 1 + (g * 31) % 12 as q,
      ((now() at time zone 'America/Sao_Paulo')::date - floor(730 * power(random(), 1.3))::int) as dia,
      case when g % 50 = 0 then 'CANCELADO' else 'PROCESSADO' end as status
    from generate_series(1, ${quantidade}) as g`);
  await tx.execute(sql`create temporary table _l on commit drop as
    select f.g, f.id as fatura_id, j as linha,
      case when (f.g + j) % 97 = 0 then null else c.id end as cte_id,
      (c.valor_total + case when (f.g * 13 + j) % 61 = 0 then 37.50 else 0 end)::numeric(15, 2) as valor
    from _f f cross join lateral generate_series(1, f.q) as j
    join _c c on c.rn = ((f.g::bigint * 12 + j) * 7919) % ${nc}`);
}

/** Inserts `quantidade` faturas with their documents and lines; returns the time taken. */
export async function gerarFaturas(banco: CompanyDatabase, quantidade: number): Promise<number> {
  const t0 = performance.now();
  await banco.db.transaction(async (tx) => {
    const [base] = linhas<{ fatura: number; documento: number }>(
      await tx.execute(sql`select coalesce((select max(id) from fatura), 0)::int as fatura, coalesce((select max(id) from fatura_documento), 0)::int as documento`),
    );
    await tabelasTemporarias(tx, quantidade, base);
    await tx.execute(sql`insert into fatura (id, nome_arquivo, layout, documento, remetente, destinatario, intercambio, data_intercambio, transportadora_cnpj,
        transportadora_razao_social, transportadora_id, numero_documento, data_emissao, data_vencimento, quantidade, valor_total, total_quantidade, total_valor,
        status, hash, versao, lida_em, cancelada_em)
      select f.id, 'DOCCOB-' || t.cnpj || '-' || f.g || '.txt', case when f.g % 3 = 0 then '5.0' else '3.0A' end, 'COBRA' || lpad(f.g::text, 9, '0'),
        left(t.razao, 35), 'Colacril', 'COB' || lpad(f.g::text, 9, '0'), to_char(f.dia, 'YYYY-MM-DD') || 'T10:00', t.cnpj, t.razao, t.id, f.g::text, f.dia, f.dia + 15,
        f.q, l.total, 1, l.total, f.status, md5(f.g::text) || md5(t.cnpj), 0, f.dia + interval '13 hours',
        case when f.status = 'CANCELADO' then f.dia + interval '2 days' end
      from _f f join _t t on t.i = f.ti join (select g, sum(valor) as total from _l group by g) l on l.g = f.g`);
    await tx.execute(sql`insert into fatura_documento (id, fatura_id, ordem, transportadora_cnpj, status, filial, tipo_documento, serie, numero, data_emissao,
        data_vencimento, tipo_cobranca, valor, acao, quantidade_ctes)
      select ${base.documento} + f.g, f.id, 0, fa.transportadora_cnpj, fa.status, '0000000001', '0', '1', fa.numero_documento, fa.data_emissao, fa.data_vencimento,
        'BCO', fa.valor_total, 'I', fa.quantidade
      from _f f join fatura fa on fa.id = f.id`);
    // identidade as identidadeCte makes it from the line's issuer, série and número.
    await tx.execute(sql`insert into fatura_cte (fatura_id, documento_id, linha, filial, serie, numero, valor_frete, data_emissao, cnpj_emissor, cte_id, identidade)
      select l.fatura_id, ${base.documento} + l.g, l.linha, '0000000001', coalesce(c.serie, '2'), coalesce(c.numero::text, (900000000 + l.g)::text), l.valor,
        (c.data_emissao at time zone 'America/Sao_Paulo')::date, c.emitente_documento, l.cte_id,
        coalesce(c.emitente_documento, fa.transportadora_cnpj) || '|' || coalesce(nullif(ltrim(c.serie, '0'), ''), '2') || '|' || coalesce(c.numero::text, (900000000 + l.g)::text)
      from _l l join fatura fa on fa.id = l.fatura_id left join cte c on c.id = l.cte_id`);
    for (const t of ['fatura', 'fatura_documento'])
      await tx.execute(sql.raw(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`));
  });
  for (const t of ['fatura', 'fatura_documento', 'fatura_cte']) await banco.db.execute(sql.raw(`vacuum analyze ${t}`));
  return performance.now() - t0;
}

/** GET /api/faturas: the default call (current month), filters, a far page and the largest page. */
export async function medirListaFaturas(url: string, token: string, banco: CompanyDatabase): Promise<string[]> {
  const { dataIni } = mesSaoPaulo();
  const [a] = linhas<{ cnpj: string; numero: string }>(
    await banco.db.execute(sql`select transportadora_cnpj as cnpj, numero_documento as numero from fatura where data_emissao >= ${dataIni} order by id limit 1 offset 100`),
  );
  const hoje = new Date();
  const inicio = `${hoje.getFullYear() - 2}-01-01`;
  const fim = `${hoje.getFullYear()}-12-31`;
  const consultas: [string, string][] = [
    ['padrão (mês corrente, 50 por página)', ''],
    ['uma transportadora, mês corrente', `transportadora=${a.cnpj}`],
    ['uma transportadora, 24 meses', `transportadora=${a.cnpj}&inicio=${inicio}&fim=${fim}`],
    ['nº do documento, mês corrente', `numeroDocumento=${a.numero}`],
    ['nº do documento, 24 meses', `numeroDocumento=${a.numero}&inicio=${inicio}&fim=${fim}`],
    ['página 20 do mês corrente', 'page=20'],
    ['200 por página', 'size=200'],
    ['200 por página, 24 meses, ordenada por valor', `size=200&sort=valorTotal,desc&inicio=${inicio}&fim=${fim}`],
  ];
  const figuras: string[] = [];
  for (const [rotulo, q] of consultas) {
    const { latencia, totalElements } = await medirConsulta(url, token, `/api/faturas?${q}`, `GET /api/faturas?${q}`);
    figuras.push(`${rotulo}: ${latencia}; ${totalElements.toLocaleString('pt-BR')} encontradas`);
  }
  return figuras;
}
