import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/common';
import { MSG_PERIODO_INVALIDO } from '../../src/contracts/ordens-servico';
import type { RomaneioLinha } from '../../src/contracts/romaneios';
import { romaneioListaQuerySchema } from '../../src/contracts/romaneios-salvar';
import { lotesPorChave } from '../../src/server/exportacao/cadastros/ordem-keyset';
import { filtroRomaneios } from '../../src/server/romaneios/listar-romaneios';
import { buscarRomaneios, ORDEM_ROMANEIOS } from '../../src/server/romaneios/exportar-romaneios';
import { filtroRomaneiosOs } from '../../src/server/romaneios-os/listar-romaneios-os';
import { buscarRomaneiosOs, ORDEM_ROMANEIOS_OS } from '../../src/server/romaneios-os/exportar-romaneios-os';
import { coluna, lerCsv, lerXlsx, NOME_FORMULA, recusasExportacao } from './exportar-dados';
import { json, type Harness } from './harness';
import { corpoDe, corpoRomaneio, prepararRomaneios, salvarOk, type RefsRomaneio } from './romaneios-frete-dados';
import { inserirRomaneiosOs, refsOs } from './romaneios-os-dados';

// Issue 32: "Exportar para Excel" (and CSV) of both manifest lists: the list's filters, the newest first (ties of
// the same instant by id, as the list), X-Total-Linhas = totalElements; issue instants as São Paulo wall times,
// money as R$ number cells, the items' counts and sums, formula-like text neutralised; the refusals.

let h: Harness;
let token: string;
let r: RefsRomaneio;
const db = () => h.bancos.COLACRIL.db;
const FRETE = 'inicio=2002-01-01&fim=2002-12-31';
const OS = 'inicio=2003-01-01&fim=2003-12-31';
let numeros: Record<'a' | 'b' | 'c' | 'd', number>;

beforeAll(async () => {
  ({ h, token, r } = await prepararRomaneios());
  // a and b share an instant (the list breaks the tie by id, descending); a is still 28/02 in São Paulo.
  const emissoes = { a: '2002-03-01T02:30:00Z', b: '2002-03-01T02:30:00Z', c: '2002-06-10T15:00:00Z', d: '2002-12-31T12:00:00Z' };
  const ids: Record<string, number> = {};
  numeros = {} as typeof numeros;
  for (const [nome, instante] of Object.entries(emissoes) as [keyof typeof numeros, string][]) {
    const salvo = await salvarOk(h, token, corpoRomaneio(r, nome === 'c' ? { observacao: NOME_FORMULA } : {}));
    await db().execute(sql`update romaneio set data_emissao = ${instante}::timestamptz where id = ${salvo.id}`);
    ids[nome] = salvo.id!;
    numeros[nome] = salvo.numero!;
  }
  const d = await json(await h.request('GET', `/api/romaneios/${ids.d}`, { token }));
  await salvarOk(h, token, corpoDe(d, { status: 'FATURAMENTO' }));

  const o = await refsOs(db());
  await inserirRomaneiosOs(db(), o, [
    { dataEmissao: new Date('2003-07-01T12:00:00Z'), itens: [{ pedidoId: 'EXP-1' }, { pedidoId: 'EXP-2' }] },
    { dataEmissao: new Date('2003-07-01T12:00:00Z'), status: 'CANCELADO' },
    { dataEmissao: new Date('2003-05-05T01:00:00Z'), transportadoraId: o.outraTransportadora, itens: [{ pedidoId: 'EXP-3' }] },
  ]);
  await db().execute(sql`update romaneio_os set placa_cavalo = 'ABC1D23', observacao = ${'@obs'} where data_emissao = '2003-05-05T01:00:00Z'`);
  await db().execute(sql`update romaneio_os_item set frete = '85.10', peso_bruto = '424.500', valor_nota_fiscal = '2150.00' where pedido_id like 'EXP-%'`);
});
afterAll(() => h?.close());

const get = (path: string, t = token) => h.request('GET', path, { token: t });
async function lista(base: string, query: string) {
  const resposta = await get(`${base}/listar-simples?${query}&page=0&size=100`);
  expect(resposta.status, await resposta.clone().text()).toBe(200);
  return json<Page<RomaneioLinha>>(resposta);
}

/** The export of `query` against the list: rows, order (by número) and total; the CSV the same rows. */
async function conferir(base: string, query: string) {
  const pagina = await lista(base, query);
  const x = await lerXlsx(await get(`${base}/exportar?${query}&formato=xlsx`));
  expect(x.total).toBe(pagina.totalElements);
  expect(x.folha.rowCount - 1).toBe(x.total);
  expect(coluna(x.folha, x.cabecalho, 'Número').map((c) => c.value)).toEqual(pagina.content.map((l) => l.numero));
  const csv = await lerCsv(await get(`${base}/exportar?${query}&formato=csv`));
  expect(csv[0]).toEqual(x.cabecalho);
  expect(csv.slice(1).map((l) => Number(l[0]))).toEqual(pagina.content.map((l) => l.numero));
  return { ...x, csv, pagina };
}

describe('GET /romaneios/exportar', () => {
  it('the period, newest first, ties by id; the list’s other filters', async () => {
    const { total } = await conferir('/api/romaneios', FRETE);
    expect(total).toBe(4);
    const { pagina } = await conferir('/api/romaneios', FRETE);
    expect(pagina.content.map((l) => l.numero)).toEqual([numeros.d, numeros.c, numeros.b, numeros.a]);
    expect((await conferir('/api/romaneios', `${FRETE}&status=FATURAMENTO`)).total).toBe(1);
    expect((await conferir('/api/romaneios', `inicio=2002-02-28&fim=2002-02-28`)).total).toBe(2);
    expect((await conferir('/api/romaneios', `numero=${numeros.c}`)).total).toBe(1);
  });

  it('typed cells: São Paulo issue time, R$ values and their exact total, items, weight; text neutralised', async () => {
    const { folha, cabecalho, csv } = await conferir('/api/romaneios', `numero=${numeros.a}`);
    const [emissao] = coluna(folha, cabecalho, 'Emissão');
    expect(emissao.value).toEqual(new Date('2002-02-28T23:30:00Z'));
    expect(emissao.numFmt).toBe('dd/mm/yyyy hh:mm');
    const valor = (titulo: string) => coluna(folha, cabecalho, titulo)[0];
    expect([valor('Coleta').value, valor('Frete').value, valor('Pedágio').value, valor('Descarga').value, valor('Outros').value]).toEqual([50, 1000, 20, 30, 5]);
    expect(valor('Total').value).toBe(1105);
    expect(valor('Total').numFmt).toBe('"R$" #,##0.00;[Red]-"R$" #,##0.00');
    expect([valor('Itens').value, valor('Peso (kg)').value, valor('Valor das notas').value]).toEqual([2, 200, 800]);
    expect([valor('Status').value, valor('Motorista').value, valor('Placa').value]).toEqual(['Expedição', r.motorista.nome, r.veiculo.placa]);
    const n = cabecalho.indexOf('Total');
    expect(csv[1][n]).toBe('1105,00');
    expect(csv[1][cabecalho.indexOf('Emissão')]).toBe('28/02/2002 23:30');
    const obs = await lerXlsx(await get(`/api/romaneios/exportar?numero=${numeros.c}`));
    expect(coluna(obs.folha, obs.cabecalho, 'Observação')[0].value).toBe(`'${NOME_FORMULA}`);
  });

  it('refusals: 404 empty, 400 bad formato and bad period, 403 without FRETE_ROMA_M', async () => {
    await recusasExportacao(h, {
      token,
      semPermissao: await h.tokenCom(['FRETE_CTE_M']),
      vazio: '/api/romaneios/exportar?inicio=1990-01-01&fim=1990-01-31&formato=xlsx',
      comFiltro: `/api/romaneios/exportar?${FRETE}&formato=csv`,
    });
    const periodo = await get('/api/romaneios/exportar?inicio=2002-12-31&fim=2002-01-01');
    expect(periodo.status).toBe(400);
    expect(await json(periodo)).toEqual({ mensagens: [MSG_PERIODO_INVALIDO] });
  });
});

describe('the keyset batches of both lists', () => {
  /** The números of batches of one row: the same as the list (ties of one instant across a batch boundary). */
  async function numerosEmLotes(lotes: AsyncIterable<{ numero: number }[]>) {
    const vistos: number[] = [];
    for await (const lote of lotes) vistos.push(...lote.map((l) => l.numero));
    return vistos;
  }
  it('give every manifest once, in the list’s order', async () => {
    const frete = romaneioListaQuerySchema.parse({ inicio: '2002-01-01', fim: '2002-12-31' });
    expect(await numerosEmLotes(lotesPorChave(ORDEM_ROMANEIOS, buscarRomaneios(db(), filtroRomaneios(frete)), 1))).toEqual(
      (await lista('/api/romaneios', FRETE)).content.map((l) => l.numero),
    );
    const os = romaneioListaQuerySchema.parse({ inicio: '2003-01-01', fim: '2003-12-31' });
    expect(await numerosEmLotes(lotesPorChave(ORDEM_ROMANEIOS_OS, buscarRomaneiosOs(db(), filtroRomaneiosOs(db(), os)), 1))).toEqual(
      (await lista('/api/romaneios-colacril', OS)).content.map((l) => l.numero),
    );
  });
});

describe('GET /romaneios-colacril/exportar', () => {
  it('the period and the list’s filters, newest first, ties by id', async () => {
    expect((await conferir('/api/romaneios-colacril', OS)).total).toBe(3);
    expect((await conferir('/api/romaneios-colacril', `${OS}&status=CANCELADO`)).total).toBe(1);
    expect((await conferir('/api/romaneios-colacril', `${OS}&pedido=EXP-3`)).total).toBe(1);
  });

  it('carrier, places, plates, the items’ sums as numbers, text neutralised', async () => {
    const { folha, cabecalho } = await conferir('/api/romaneios-colacril', `${OS}&pedido=EXP-1`);
    const valor = (titulo: string) => coluna(folha, cabecalho, titulo)[0].value;
    // July: no daylight saving in São Paulo (UTC−3).
    expect(valor('Emissão')).toEqual(new Date('2003-07-01T09:00:00Z'));
    expect([valor('Itens'), valor('Peso bruto (kg)'), valor('Frete'), valor('Valor das notas')]).toEqual([2, 849, 170.2, 4300]);
    expect([valor('Origem'), valor('UF origem'), valor('Destino'), valor('UF destino')]).toEqual(['Campo Mourão', 'PR', 'São Paulo', 'SP']);
    expect(typeof valor('Transportadora')).toBe('string');
    const outro = await lerXlsx(await get(`/api/romaneios-colacril/exportar?${OS}&pedido=EXP-3`));
    const de = (titulo: string) => coluna(outro.folha, outro.cabecalho, titulo)[0].value;
    expect([de('Placa do cavalo'), de('Observação'), de('Lacre')]).toEqual(['ABC1D23', "'@obs", 'L-9']);
    expect(de('Emissão')).toEqual(new Date('2003-05-04T22:00:00Z'));
  });

  it('refusals: 404 empty, 400 bad formato, 403 without FRETE_ROMA_M', async () => {
    await recusasExportacao(h, {
      token,
      semPermissao: await h.tokenCom(['FRETE_CTE_M']),
      vazio: '/api/romaneios-colacril/exportar?inicio=1990-01-01&fim=1990-01-31&formato=xlsx',
      comFiltro: `/api/romaneios-colacril/exportar?${OS}&formato=csv`,
    });
  });
});
