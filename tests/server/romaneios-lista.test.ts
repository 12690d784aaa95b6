import { desc, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/common';
import type { RomaneioLinha } from '../../src/contracts/romaneios';
import { romaneioListaQuerySchema, type RomaneioListaQueryEntrada } from '../../src/contracts/romaneios-salvar';
import { romaneio } from '../../src/server/db/schema/romaneio';
import { filtroRomaneios, prefixoNumeroRomaneio } from '../../src/server/romaneios/listar-romaneios';
import { json, type Harness } from './harness';
import { corpoDe, corpoRomaneio, itemTeste, notaUnica, prepararRomaneios, salvarOk, type RefsRomaneio } from './romaneios-frete-dados';

// GET /romaneios/listar-simples (spec 03 §2.7 filters, the newest first, 50 a page, the count of
// every match) and the palette's GET /romaneios/listar?numero=; then the plans: each filter reads an index.

let h: Harness;
let token: string;
let r: RefsRomaneio;
const db = () => h.bancos.COLACRIL.db;
const OUTRO_CNPJ = '99888777000166';
/** The five manifests of the list tests, by name. */
const m: Record<'a' | 'b' | 'c' | 'd' | 'e', { id: number; numero: number; nf: string; pedido: string }> = {} as never;

beforeAll(async () => {
  ({ h, token, r } = await prepararRomaneios());
  // Instants around the São Paulo days (UTC−3): a is still 28/02 there, d still 31/03, e already 01/04.
  const emissoes = { a: '2001-03-01T02:30:00Z', b: '2001-03-01T12:00:00Z', c: '2001-03-31T23:00:00Z', d: '2001-04-01T02:59:00Z', e: '2001-04-01T03:00:00Z' };
  for (const [nome, instante] of Object.entries(emissoes) as [keyof typeof m, string][]) {
    const nf = notaUnica(`L${nome}`);
    // Only b's item has the reference carrier; only c's the reference customer; the others a third CNPJ.
    const item = itemTeste(r, nf, { pedidoId: `PED-${nome}`, transportadora: nome === 'b' ? r.transportadora.cnpj : OUTRO_CNPJ, cliente: nome === 'c' ? r.cliente.cnpj : OUTRO_CNPJ });
    const outro = itemTeste(r, notaUnica(), { transportadora: OUTRO_CNPJ, cliente: OUTRO_CNPJ });
    const salvo = await salvarOk(h, token, corpoRomaneio(r, { itens: [outro, item] as never }));
    await db().execute(sql`update romaneio set data_emissao = ${instante}::timestamptz where id = ${salvo.id}`);
    m[nome] = { id: salvo.id!, numero: salvo.numero!, nf, pedido: `PED-${nome}` };
  }
  const b = await json(await h.request('GET', `/api/romaneios/${m.b.id}`, { token }));
  await salvarOk(h, token, corpoDe(b, { status: 'FATURAMENTO' }));
  const e = await json(await h.request('GET', `/api/romaneios/${m.e.id}`, { token }));
  await salvarOk(h, token, corpoDe(e, { status: 'CANCELADO' }));
});
afterAll(() => h?.close());

const lista = async (query: string) => {
  const resposta = await h.request('GET', `/api/romaneios/listar-simples?${query}`, { token });
  expect(resposta.status, query).toBe(200);
  return json<Page<RomaneioLinha>>(resposta);
};
const ids = async (query: string) => (await lista(query)).content.map((l) => l.id);
const PERIODO = 'inicio=2001-01-01&fim=2001-12-31';

describe('GET /romaneios/listar-simples', () => {
  it('filters by São Paulo issue dates, the newest first', async () => {
    expect(await ids(PERIODO)).toEqual([m.e.id, m.d.id, m.c.id, m.b.id, m.a.id]);
    expect(await ids('inicio=2001-03-01&fim=2001-03-31')).toEqual([m.d.id, m.c.id, m.b.id]);
    expect(await ids('inicio=2001-02-28&fim=2001-02-28')).toEqual([m.a.id]);
    expect(await ids('inicio=2001-04-01&fim=2001-04-01')).toEqual([m.e.id]);
    expect(await ids('fim=2001-02-28')).toEqual([m.a.id]);
  });

  it('filters by number, status, order and invoice', async () => {
    expect(await ids(`numero=${m.c.numero}`)).toEqual([m.c.id]);
    expect(await ids(`${PERIODO}&status=FATURAMENTO`)).toEqual([m.b.id]);
    expect(await ids(`${PERIODO}&status=CANCELADO`)).toEqual([m.e.id]);
    expect(await ids(`pedido=${m.d.pedido}`)).toEqual([m.d.id]);
    expect(await ids(`notaFiscal=${m.a.nf}`)).toEqual([m.a.id]);
    // A cancelled manifest's invoice still finds it.
    expect(await ids(`notaFiscal=${m.e.nf}`)).toEqual([m.e.id]);
    expect(await ids(`notaFiscal=${m.a.nf}&status=FATURAMENTO`)).toEqual([]);
  });

  it('filters by the carrier and the customer registers, through their CNPJs on the items', async () => {
    expect(await ids(`${PERIODO}&transportadora=${r.transportadora.id}`)).toEqual([m.b.id]);
    expect(await ids(`${PERIODO}&cliente=${r.cliente.id}`)).toEqual([m.c.id]);
    expect(await ids(`${PERIODO}&transportadora=999999`)).toEqual([]);
  });

  it('answers an empty page for an origin or destination: the freight-cost manifest has none', async () => {
    expect(await lista(`${PERIODO}&origem=1`)).toEqual({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 50 });
    expect(await ids(`${PERIODO}&destino=1`)).toEqual([]);
  });

  it('answers the row of the list: number, status, issue instant, the driver’s name, no transport', async () => {
    const [linha] = (await lista(`numero=${m.b.numero}`)).content;
    expect(linha).toEqual({
      id: m.b.id, numero: m.b.numero, status: 'FATURAMENTO', dataEmissao: '2001-03-01T12:00:00.000Z',
      transportadora: null, origem: null, destino: null, motorista: r.motorista.nome, versao: 1,
    });
  });

  it('pages 50 at a time by default and counts every match', async () => {
    expect(await lista(PERIODO)).toMatchObject({ totalElements: 5, totalPages: 1, number: 0, size: 50 });
    const p1 = await lista(`${PERIODO}&size=2&page=1`);
    expect(p1).toMatchObject({ totalElements: 5, totalPages: 3, number: 1, size: 2 });
    expect(p1.content.map((l) => l.id)).toEqual([m.c.id, m.b.id]);
  });
});

describe('GET /romaneios/listar (the palette)', () => {
  it('finds by number prefix, the exact one first, up to 20', async () => {
    const busca = async (numero: string) => (await json<RomaneioLinha[]>(await h.request('GET', `/api/romaneios/listar?numero=${numero}`, { token }))).map((l) => l.numero);
    expect(await busca(String(m.c.numero))).toContain(m.c.numero);
    expect((await busca(String(m.c.numero)))[0]).toBe(m.c.numero);
    expect(await busca(`00${m.a.numero}`)).toContain(m.a.numero);
    expect(await busca('999999999')).toEqual([]);
    expect(await busca('0')).toEqual([]);
    expect(await busca('2147483648')).toEqual([]);
    await db().execute(sql`insert into romaneio (motorista_id) select ${r.motorista.id} from generate_series(1, 200)`);
    const com1 = await busca('1');
    expect(com1).toHaveLength(20);
    expect(com1[0]).toBe(1);
    expect(com1.every((n) => String(n).startsWith('1'))).toBe(true);
  });
});

describe('indexes', () => {
  beforeAll(async () => {
    await db().execute(sql`
      insert into romaneio (motorista_id, status, data_emissao)
      select ${r.motorista.id}, (array['EXPEDICAO','FATURAMENTO','FINALIZADO','CANCELADO'])[1 + g % 4], now() - (g || ' hours')::interval
      from generate_series(1, 5000) g`);
    await db().execute(sql`
      insert into romaneio_item (romaneio_id, item, nota_fiscal_id, pedido_id, peso, valor_nota_fiscal, cliente, transportadora)
      select id, 1, 'IX' || id, 'PX' || id, 1, 1, lpad((id % 300)::text, 14, '1'), lpad((id % 80)::text, 14, '2') from romaneio`);
    for (const t of ['romaneio', 'romaneio_item']) await db().execute(sql.raw(`analyze ${t}`));
  });

  async function plano(consulta: SQLWrapper): Promise<string> {
    return db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const resultado = (await tx.execute(sql`explain ${consulta}`)) as unknown as { rows: Record<string, string>[] };
      return resultado.rows.map((l) => Object.values(l)[0]).join('\n');
    });
  }
  const pagina = (q: RomaneioListaQueryEntrada) =>
    db().select({ id: romaneio.id }).from(romaneio).where(filtroRomaneios(romaneioListaQuerySchema.parse(q))).orderBy(desc(romaneio.dataEmissao), desc(romaneio.id)).limit(50);

  it.each<[string, RomaneioListaQueryEntrada, RegExp]>([
    ['no filter (the order)', {}, /romaneio_emissao_idx/],
    ['period', { inicio: '2024-01-01', fim: '2024-01-31' }, /romaneio_emissao_idx/],
    ['status', { status: 'CANCELADO' }, /romaneio_(status_emissao|emissao)_idx/],
    ['number', { numero: 123 }, /romaneio_numero_idx/],
    ['invoice', { notaFiscal: 'IX12' }, /romaneio_item_nf(_ativa)?_idx/],
    ['order', { pedido: 'PX12' }, /romaneio_item_pedido_idx/],
    ['carrier', { transportadora: 1 }, /romaneio_item_transportadora_idx/],
    ['customer', { cliente: 1 }, /romaneio_item_cliente_idx/],
  ])('%s', async (_nome, q, indice) => {
    expect(await plano(pagina(q))).toMatch(indice);
  });

  it('the palette’s number prefix and the invoice holder', async () => {
    expect(await plano(db().select({ id: romaneio.id }).from(romaneio).where(prefixoNumeroRomaneio('12')))).toMatch(/romaneio_numero_idx/);
    expect(await plano(sql`select r.numero from romaneio_item i join romaneio r on r.id = i.romaneio_id where i.ativo = true and i.nota_fiscal_id in ('IX1', 'IX2')`)).toMatch(
      /romaneio_item_nf_ativa_idx/,
    );
  });
});
