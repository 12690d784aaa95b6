import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MinutaPage } from '../../src/contracts/minutas';
import { cliente } from '../../src/server/db/schema/cliente';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { coluna, lerCsv, lerXlsx, NOME_FORMULA, recusasExportacao } from './exportar-dados';
import { createHarness, json, type Harness } from './harness';
import { inserirMinutas, minutaCompletaTeste, referencias } from './minutas-dados';

// Issue 32: GET /minutas/exportar, the Minutas list (GET /minutas's search and sort) as .xlsx and CSV. More
// minutas than a cursor batch (500): the file is every batch, in the list's order.

const QUANTAS = 540;
let h: Harness;
let token: string;
let filtro: string;

beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenCom(['FRETE_MINU_M']);
  const db = h.bancos.COLACRIL.db;
  const r = await referencias(db);
  const [t] = await db.insert(transportadora).values({ fornecedorId: 'EXPMIN', razaoSocial: 'Transportes Exportação Ltda' }).returning({ id: transportadora.id });
  const [c] = await db.insert(cliente).values({ clienteId: 'EXPMIN', razaoSocial: NOME_FORMULA, tipo: 'MATRIZ', posicao: 'ATIVO' }).returning({ id: cliente.id });
  await inserirMinutas(
    db,
    Array.from({ length: QUANTAS }, (_, i) =>
      minutaCompletaTeste(r, { transportadoraId: t.id, clienteId: c.id, dataEmissao: `2003-0${1 + (i % 9)}-1${i % 10}`, valorTotalFrete: `${i}.${String(i % 100).padStart(2, '0')}`, peso: '1250.125' }),
    ),
  );
  // Another carrier's minuta: outside the filter.
  await inserirMinutas(db, [minutaCompletaTeste(r, { dataEmissao: '2003-01-10' })]);
  filtro = `transportadora=id:${t.id}&search=${encodeURIComponent('dataEmissao>=2003-01-01;dataEmissao<=2003-12-31')}`;
});
afterAll(() => h.close());

describe('GET /minutas/exportar', () => {
  it('exports every minuta of the search across several batches, typed, in the list order; the CSV has the same rows', async () => {
    const lista = await json<MinutaPage>(await h.request('GET', `/api/minutas?${filtro}&sort=valorTotalFrete,desc&size=100`, { token }));
    expect(lista.totalElements).toBe(QUANTAS);
    const { folha, total, cabecalho } = await lerXlsx(await h.request('GET', `/api/minutas/exportar?formato=xlsx&${filtro}&sort=valorTotalFrete,desc`, { token }));
    expect(total).toBe(QUANTAS);
    expect(folha.rowCount - 1).toBe(QUANTAS);
    expect(folha.name).toBe('Minutas');
    const valores = coluna(folha, cabecalho, 'Valor');
    expect(valores.slice(0, 100).map((c) => c.value)).toEqual(lista.content.map((m) => Number(m.valorTotalFrete)));
    expect(valores.map((c) => c.value)).toEqual(Array.from({ length: QUANTAS }, (_, i) => Number(`${QUANTAS - 1 - i}.${String((QUANTAS - 1 - i) % 100).padStart(2, '0')}`)));
    expect(valores[0].numFmt).toContain('"R$"');
    const peso = coluna(folha, cabecalho, 'Peso (kg)')[0];
    expect(peso.value).toBe(1250.125);
    expect(peso.numFmt).toBe('#,##0.000');
    const emissao = coluna(folha, cabecalho, 'Emissão')[0];
    expect(emissao.value).toBeInstanceOf(Date);
    expect(coluna(folha, cabecalho, 'Cliente').every((c) => c.value === `'${NOME_FORMULA}`)).toBe(true);
    expect(coluna(folha, cabecalho, 'Status')[0].value).toBe('Pendente');

    const r = await h.request('GET', `/api/minutas/exportar?formato=csv&${filtro}&sort=valorTotalFrete,desc`, { token });
    expect(r.headers.get('X-Total-Linhas')).toBe(String(QUANTAS));
    const csv = await lerCsv(r);
    expect(csv).toHaveLength(QUANTAS + 1);
    expect(csv[1][cabecalho.indexOf('Valor')]).toBe(`${QUANTAS - 1},${String((QUANTAS - 1) % 100).padStart(2, "0")}`);
    expect(csv[1][cabecalho.indexOf('Peso (kg)')]).toBe('1250,125');
    expect(csv[1][cabecalho.indexOf('Cliente')]).toBe(`'${NOME_FORMULA}`);
  });

  it('refuses an empty search (404), a bad formato (400), a user without the Minutas screen (403)', async () => {
    await recusasExportacao(h, {
      token,
      semPermissao: await h.tokenCom(['FRETE_CTE_M']),
      vazio: `/api/minutas/exportar?formato=xlsx&search=${encodeURIComponent('dataEmissao>=1990-01-01;dataEmissao<=1990-01-31')}`,
      comFiltro: `/api/minutas/exportar?formato=xlsx&${filtro}`,
    });
  });
});
