import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultadosCalculoSchema } from '../../src/contracts/calculo-frete';
import { anoTabelasDemo, TRANSPORTADORAS_COM_TABELA_DEMO } from '../../src/server/demo/semear-tabelas-frete-demo';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';
import { CODIGOS } from './tabelas-frete-dados';
import { relogio } from '../../src/domain/relogio';

// The demo seed (docs/decisoes.md §32): believable quotes out of the box, on the seeded database itself.
let h: Harness;
let token: string;
const ano = anoTabelasDemo(relogio.agora());

beforeAll(async () => {
  h = await createHarness();
  token = await h.login('admin', SENHA_ADMIN_TESTE);
});
afterAll(() => h.close());

const calcular = async (extra: Record<string, unknown> = {}) => {
  const r = await h.request('POST', '/api/tabelas-frete/calcular', {
    token,
    body: { dataDespacho: `${ano}-06-15`, cliente: '11.222.333/0001-81', valor: '5000.00', peso: '250', codigoOrigem: CODIGOS.campinas, codigoDestino: CODIGOS.curitiba, tipoVeiculo: 0, icms: '0.12', ...extra },
  });
  expect(r.status, await r.clone().text()).toBe(200);
  return resultadosCalculoSchema.parse(await json(r));
};

describe('demo freight tables', () => {
  it('one current table per demo carrier and an expired one for the first', async () => {
    const r = await h.request('GET', '/api/tabelas-frete?size=50', { token });
    expect(r.status).toBe(200);
    const pagina = await json(r);
    const demo = pagina.content.filter((t: { inicio: string }) => t.inicio === `${ano}-01-01` || t.inicio === `${ano - 1}-01-01`);
    expect(demo.filter((t: { inicio: string }) => t.inicio === `${ano}-01-01`)).toHaveLength(TRANSPORTADORAS_COM_TABELA_DEMO);
    expect(demo.filter((t: { fim: string | null }) => t.fim === `${ano - 1}-12-31`)).toHaveLength(1);
  });

  it('quotes Campinas to Curitiba with every demo carrier, with the usual LTL elements and ICMS', async () => {
    const resultados = await calcular();
    expect(resultados).toHaveLength(TRANSPORTADORAS_COM_TABELA_DEMO);
    for (const r of resultados) {
      expect(r.status, r.mensagens.join('; ')).toBe('SUCESSO');
      const descricoes = r.elementosCusto.map((l) => l.descricao);
      for (const d of ['Frete peso', 'Ad valorem', 'GRIS', 'Pedágio', 'Despacho', 'ICMS']) expect(descricoes).toContain(d);
      expect(descricoes).not.toContain('Frete lotação (carreta)');
      // 250 kg over 5,000.00 of goods to the South: a few hundred reais, never pennies or thousands.
      expect(Number(r.valorTotal)).toBeGreaterThan(150);
      expect(Number(r.valorTotal)).toBeLessThan(1500);
    }
    // The carriers' price levels differ, so the quotation ranks them.
    expect(new Set(resultados.map((r) => r.valorTotal)).size).toBe(TRANSPORTADORAS_COM_TABELA_DEMO);
  });

  it('prices a Carreta as a full truck load per km, and last year at last year\'s table', async () => {
    const tipos = await json(await h.request('GET', '/api/tipos-veiculo?size=50', { token }));
    const lista = Array.isArray(tipos) ? tipos : tipos.content;
    const carreta = lista.find((t: { descricao: string }) => t.descricao === 'Carreta');
    const comCarreta = await calcular({ tipoVeiculo: carreta.id, peso: '20000' });
    for (const r of comCarreta) expect(r.elementosCusto.map((l) => l.descricao)).toContain('Frete lotação (carreta)');
    const passado = await calcular({ dataDespacho: `${ano - 1}-06-15` });
    expect(passado).toHaveLength(1);
    expect(passado[0].status).toBe('SUCESSO');
  });
});
