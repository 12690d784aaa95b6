import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/common';
import type { FaturaLinha, ResultadoLeituraFaturas } from '../../src/contracts/faturas';
import { fatura } from '../../src/server/db/schema/fatura';
import { coluna, lerCsv, lerXlsx, NOME_FORMULA, recusasExportacao } from './exportar-dados';
import { arquivoDoccob, enviar, numeroTeste, obter, type FaturaTeste } from './faturas-dados';
import { createHarness, json, type Harness } from './harness';

// Issue 32: GET /faturas/exportar, the Faturas list (GET /faturas's filters and sort) as .xlsx and CSV.

const CNPJ = '12345678000195';
let h: Harness;
let token: string;
const FILTRO = `transportadora=${CNPJ}&inicio=2020-01-01&fim=2020-01-31`;

const ler = async (f: FaturaTeste) => {
  const r = await enviar(h, await h.adminToken(), { [`${f.numero}.txt`]: arquivoDoccob([f]) });
  const corpo = await json<ResultadoLeituraFaturas>(r);
  expect(corpo.erros).toEqual([]);
  return corpo.faturas[0];
};

beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenCom(['FRETE_FAT_M'], 'REPRESENTANTE');
  const ids: number[] = [];
  for (let i = 1; i <= 4; i++)
    ids.push(await ler({ numero: numeroTeste(), cnpj: CNPJ, dataEmissao: `2020-01-1${i}`, linhas: [{ numero: `99999998${i}`, valorFrete: `${i}0.2${i}` }, { numero: `99999997${i}`, valorFrete: '5.00' }] }));
  // Another month and another carrier: outside the filter.
  await ler({ numero: numeroTeste(), cnpj: CNPJ, dataEmissao: '2020-02-11', linhas: [{ numero: '999999960' }] });
  await ler({ numero: numeroTeste(), cnpj: '98765432000198', dataEmissao: '2020-01-12', linhas: [{ numero: '999999961' }] });
  await h.bancos.COLACRIL.db.update(fatura).set({ transportadoraRazaoSocial: NOME_FORMULA }).where(inArray(fatura.id, ids));
});
afterAll(() => h.close());

describe('GET /faturas/exportar', () => {
  it('exports every fatura of the list filter, typed, in the list order; the CSV has the same rows', async () => {
    const lista = await obter<Page<FaturaLinha>>(h, token, `/api/faturas?${FILTRO}&sort=valorTotal,desc`);
    expect(lista.totalElements).toBe(4);
    const { folha, total, cabecalho } = await lerXlsx(await h.request('GET', `/api/faturas/exportar?formato=xlsx&${FILTRO}&sort=valorTotal,desc&size=50`, { token }));
    expect(total).toBe(lista.totalElements);
    expect(folha.rowCount - 1).toBe(lista.totalElements);
    expect(folha.name).toBe('Faturas');
    expect(coluna(folha, cabecalho, 'Nº documento').map((c) => c.value)).toEqual(lista.content.map((f) => f.numeroDocumento));
    const valores = coluna(folha, cabecalho, 'Valor total');
    expect(valores.map((c) => c.value)).toEqual(lista.content.map((f) => Number(f.valorTotal)));
    expect(valores.map((c) => c.value)).toEqual([45.24, 35.23, 25.22, 15.21]);
    expect(valores[0].numFmt).toContain('"R$"');
    const emissao = coluna(folha, cabecalho, 'Emissão');
    expect(emissao.map((c) => c.value)).toEqual(['2020-01-14', '2020-01-13', '2020-01-12', '2020-01-11'].map((d) => new Date(`${d}T00:00:00Z`)));
    expect(emissao[0].numFmt).toBe('dd/mm/yyyy');
    expect(coluna(folha, cabecalho, 'Qtde CT-es')[0].value).toBe(2);
    expect(coluna(folha, cabecalho, 'Transportadora').every((c) => c.value === `'${NOME_FORMULA}`)).toBe(true);
    // Neither line's CT-e is in the database: two divergences, as the grid's indicator says.
    expect(coluna(folha, cabecalho, 'Conferência')[0].value).toBe('2 divergências');

    const r = await h.request('GET', `/api/faturas/exportar?formato=csv&${FILTRO}&sort=valorTotal,desc`, { token });
    expect(r.headers.get('X-Total-Linhas')).toBe('4');
    const csv = await lerCsv(r);
    expect(csv).toHaveLength(5);
    expect(csv.slice(1).map((l) => l[cabecalho.indexOf('Valor total')])).toEqual(['45,24', '35,23', '25,22', '15,21']);
    expect(csv[1][cabecalho.indexOf('Emissão')]).toBe('14/01/2020');
    expect(csv[1][cabecalho.indexOf('Transportadora')]).toBe(`'${NOME_FORMULA}`);
  });

  it('refuses an empty filter (404), a bad formato (400), a user without the Faturas screen (403)', async () => {
    await recusasExportacao(h, {
      token,
      semPermissao: await h.tokenCom(['FRETE_CTE_M']),
      vazio: `/api/faturas/exportar?formato=xlsx&inicio=2001-01-01&fim=2001-01-31`,
      comFiltro: `/api/faturas/exportar?formato=xlsx&${FILTRO}`,
    });
  });
});
