import { inArray, like, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faturaListaQuerySchema, type FaturaListaQueryEntrada } from '../../src/contracts/faturas';
import { fatura, faturaCte, faturaDocumento } from '../../src/server/db/schema/fatura';
import { filtroFaturas } from '../../src/server/faturas/listar-faturas';
import { createHarness, type Harness } from './harness';

// Every filter of GET /faturas, the palette's search by número, the check's grouped query and the
// linking of CT-e lines are served by an index (100,000 faturas; 1,000,000 CT-es). With sequential scans
// priced out, the planner must still find the filter's own index. The plan's shape, not its timing.

let h: Harness;
const db = () => h.bancos.COLACRIL.db;

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  // 5,000 faturas over five years, 50 carriers, one in 20 cancelled: real statistics for the planner.
  await db().execute(sql`
    insert into fatura (nome_arquivo, layout, documento, remetente, destinatario, intercambio, transportadora_cnpj, transportadora_razao_social,
      numero_documento, data_emissao, quantidade, valor_total, status, hash)
    select 'f' || g || '.txt', '3.0A', 'COBRA' || g, 'T', 'E', 'COB' || g, lpad((g % 50)::text, 14, '7'), 'Transportadora ' || (g % 50),
      (5000000 + g)::text, current_date - (g % 1800), 1, 100.00, case when g % 20 = 0 then 'CANCELADO' else 'PROCESSADO' end, md5(g::text)
    from generate_series(1, 5000) g`);
  await db().execute(sql`
    insert into fatura_documento (fatura_id, ordem, transportadora_cnpj, status, filial, tipo_documento, serie, numero, data_emissao, tipo_cobranca, valor, acao, quantidade_ctes)
    select id, 0, transportadora_cnpj, status, '1', '0', '1', numero_documento, data_emissao, 'BCO', valor_total, 'I', 1 from fatura where nome_arquivo like 'f%.txt'`);
  // Four CT-e lines each, one in ten billing a CT-e another fatura bills too.
  await db().execute(sql`
    insert into fatura_cte (fatura_id, documento_id, linha, filial, serie, numero, valor_frete, identidade)
    select d.fatura_id, d.id, l, '1', '1', (d.id * 4 + l)::text, 25.00,
      d.transportadora_cnpj || '|1|' || (case when d.id % 10 = 0 then l else d.id * 4 + l end)::text
    from fatura_documento d cross join generate_series(1, 4) l where d.numero like '5%'`);
  for (const t of ['cte', 'fatura', 'fatura_documento', 'fatura_cte']) await db().execute(sql.raw(`analyze ${t}`));
});
afterAll(() => h.close());

async function plano(consulta: SQLWrapper): Promise<string> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const r = (await tx.execute(sql`explain ${consulta}`)) as unknown as { rows: Record<string, string>[] };
    return r.rows.map((l) => Object.values(l)[0]).join('\n');
  });
}

// The list's default order, spelled as listar-faturas.ts spells it (the indexes' nulls order).
const pagina = (q: FaturaListaQueryEntrada) =>
  db()
    .select({ id: fatura.id })
    .from(fatura)
    .where(filtroFaturas(faturaListaQuerySchema.parse(q)))
    .orderBy(sql`${fatura.dataEmissao} desc nulls last`, sql`${fatura.id} desc nulls last`)
    .limit(50);

describe('indexes of the faturas list', () => {
  const casos: [string, FaturaListaQueryEntrada, RegExp][] = [
    // The situation index (migration 0025) also leads with the emission after its few situations: the planner may read the month from it.
    ['default (current month)', {}, /fatura_(emissao|status_emissao|situacao_emissao)_idx/],
    ['status', { status: 'CANCELADO' }, /fatura_status_emissao_idx/],
    ['carrier', { transportadora: '12345678000195', inicio: '2000-01-01' }, /fatura_transportadora_emissao_idx/],
    ['documento', { documento: 'COBRA1', inicio: '2000-01-01' }, /fatura_documento_idx/],
    ['número of a document', { numeroDocumento: '123', inicio: '2000-01-01' }, /fatura_documento_numero_idx/],
  ];
  it.each(casos)('%s', async (_nome, q, indice) => {
    expect(await plano(pagina(q))).toMatch(indice);
  });

  it('the palette’s search by a prefix of the número', async () => {
    const q = db().select({ id: faturaDocumento.faturaId }).from(faturaDocumento).where(like(faturaDocumento.numero, '123%'));
    expect(await plano(q)).toMatch(/fatura_documento_numero_idx/);
  });

  it('the check of a page of faturas and the lines of one', async () => {
    const q = db().select({ id: faturaCte.faturaId }).from(faturaCte).where(inArray(faturaCte.faturaId, [1, 2, 3]));
    // The covering index of migration 0025 (the page's check reads the index alone); the line index also serves.
    expect(await plano(q)).toMatch(/fatura_cte_(conferencia|linha)_idx/);
  });

  it('the earlier billings of a line’s CT-e (docs/decisoes.md §17, duplicate billing)', async () => {
    const q = sql`select 1 from fatura_cte o join fatura fo on fo.id = o.fatura_id
      where o.identidade = ${'77777777777710|1|2'} and fo.status = 'PROCESSADO' and (o.fatura_id, o.linha) < (${4000}, ${3}) order by o.fatura_id, o.linha limit 1`;
    expect(await plano(q)).toMatch(/fatura_cte_identidade_idx/);
  });
});

describe('indexes of the linking', () => {
  it('by key, and by issuer CNPJ + número (série checked on the rows found)', async () => {
    expect(await plano(sql`select id from cte c where c.chave = ${'4'.repeat(44)}`)).toMatch(/cte_chave_idx/);
    const porNumero = sql`select c.id from cte c where c.emitente_documento = ${'12345678000195'} and c.numero = ${123} and c.serie = ${'1'}
      order by c.status in ('CANCELADO', 'DESCONSIDERADO'), c.id desc limit 1`;
    expect(await plano(porNumero)).toMatch(/cte_emitente_numero_idx/);
    // Cancelling a fatura releases its CT-es through the lines' CT-e index.
    expect(await plano(sql`select 1 from fatura_cte where cte_id = ${1}`)).toMatch(/fatura_cte_cte_idx/);
  });
});
