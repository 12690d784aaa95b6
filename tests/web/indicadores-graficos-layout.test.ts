import { describe, expect, it } from 'vitest';
import { comprimento, cortarTexto, escalaDeZero, larguraTexto, layoutGrafico, type Caixa, type LayoutGrafico } from '../../src/web/features/indicadores/layout-grafico';

// jsdom has no layout: the chart draws the boxes layoutGrafico computes, so the boxes are checked here
// (tests/e2e/indicadores-graficos-1366.test.ts measures the ones Chromium draws).

const UFS: [string, string][] = [
  ['AC', 'Acre'], ['AL', 'Alagoas'], ['AP', 'Amapá'], ['AM', 'Amazonas'], ['BA', 'Bahia'], ['CE', 'Ceará'], ['DF', 'Distrito Federal'],
  ['ES', 'Espírito Santo'], ['GO', 'Goiás'], ['MA', 'Maranhão'], ['MT', 'Mato Grosso'], ['MS', 'Mato Grosso do Sul'], ['MG', 'Minas Gerais'],
  ['PA', 'Pará'], ['PB', 'Paraíba'], ['PR', 'Paraná'], ['PE', 'Pernambuco'], ['PI', 'Piauí'], ['RJ', 'Rio de Janeiro'],
  ['RN', 'Rio Grande do Norte'], ['RS', 'Rio Grande do Sul'], ['RO', 'Rondônia'], ['RR', 'Roraima'], ['SC', 'Santa Catarina'],
  ['SP', 'São Paulo'], ['SE', 'Sergipe'], ['TO', 'Tocantins'],
];
const ufs = UFS.map(([curto, nome]) => ({ curto, nome }));
const transportadoras = Array.from({ length: 40 }, (_, i) => {
  const nome = `${['Transportadora', 'Expresso', 'Rodoviário', 'Logística'][i % 4]} ${['Andrade', 'Mercosul Wagner', 'Minas-Paraná'][i % 3]} Cargas e Encomendas Ltda ${i + 1}`;
  return { curto: nome, nome };
});

const disjuntas = (a: Caixa, b: Caixa) => a.x + a.largura <= b.x || b.x + b.largura <= a.x || a.y + a.altura <= b.y || b.y + b.altura <= a.y;
const caixas = (l: LayoutGrafico) => [l.unidade.caixa, ...l.marcas.map((m) => m.caixa), ...l.categorias.map((c) => c.caixa)];

function semSobreposicao(l: LayoutGrafico) {
  const todas = caixas(l);
  for (let i = 0; i < todas.length; i++) {
    expect(todas[i].x).toBeGreaterThanOrEqual(0);
    expect(todas[i].x + todas[i].largura).toBeLessThanOrEqual(l.largura);
    for (let j = i + 1; j < todas.length; j++) expect(disjuntas(todas[i], todas[j]), `${JSON.stringify(todas[i])} × ${JSON.stringify(todas[j])}`).toBe(true);
  }
  // Category labels stay out of the plot area (they never cover a bar).
  for (const c of l.categorias) expect(disjuntas(c.caixa, l.area)).toBe(true);
}

describe('chart layout (labels, one unit, zero-based axis)', () => {
  it.each([320, 440, 546, 800, 1366])('27 UFs at %i px: UF codes on the axis, no two label boxes overlap', (largura) => {
    const l = layoutGrafico({ categorias: ufs, maximo: 2.8731, unidade: 'R$/kg', largura });
    semSobreposicao(l);
    expect(l.categorias.map((c) => c.nome)).toEqual(UFS.map(([, n]) => n));
    if (l.orientacao === 'vertical') expect(l.categorias.map((c) => c.texto)).toEqual(UFS.map(([s]) => s));
    if (largura >= 500) expect(l.orientacao).toBe('vertical');
  });

  it('at 1366 px the 27 codes are read left to right, not rotated', () => {
    const l = layoutGrafico({ categorias: ufs, maximo: 12.5, unidade: '%', largura: 1366 });
    expect(l.categorias.every((c) => c.rotacao === 0)).toBe(true);
  });

  it.each([440, 546, 1366])('40 long carrier names at %i px: horizontal bars, names cut with "…", full name kept', (largura) => {
    const l = layoutGrafico({ categorias: transportadoras, maximo: 3.25, unidade: 'R$/kg', largura });
    expect(l.orientacao).toBe('horizontal');
    semSobreposicao(l);
    for (const c of l.categorias) {
      expect(c.rotacao).toBe(0);
      expect(c.texto === c.nome || (c.texto.endsWith('…') && c.nome.startsWith(c.texto.slice(0, -1)))).toBe(true);
      expect(c.caixa.largura).toBeLessThanOrEqual(Math.max(80, largura * 0.35));
    }
  });

  it.each([
    ['R$/kg', 0.0123],
    ['R$/kg', 2.8731],
    ['%', 0.8],
    ['%', 57.3],
    ['%', 0],
  ])('the %s axis runs from 0 (max %s), its ticks bare numbers, bars proportional', (unidade, maximo) => {
    for (const [categorias, largura] of [[ufs, 546], [transportadoras, 546]] as const) {
      const l = layoutGrafico({ categorias, maximo, unidade, largura });
      expect(l.unidade.texto).toBe(unidade);
      expect(l.marcas[0]).toMatchObject({ valor: 0, texto: '0' });
      expect(l.topo).toBeGreaterThanOrEqual(maximo);
      expect(l.marcas.at(-1)!.valor).toBeCloseTo(l.topo, 9);
      for (const m of l.marcas) expect(m.texto).toMatch(/^\d{1,3}(\.\d{3})*(,\d+)?$/);
      expect(comprimento(l, 0)).toBe(0);
      expect(comprimento(l, null)).toBe(0);
      if (maximo > 0) expect(comprimento(l, maximo / 2) * 2).toBeCloseTo(comprimento(l, maximo), 6);
    }
  });

  it('round steps from zero', () => {
    expect(escalaDeZero(2.8731)).toEqual({ topo: 3, passo: 1 });
    expect(escalaDeZero(1.5, 5)).toEqual({ topo: 1.5, passo: 0.5 });
    expect(escalaDeZero(0)).toEqual({ topo: 1, passo: 0.25 });
  });

  it('a cut text fits its width', () => {
    const nome = 'Transportadora Mercosul Wagner Cargas e Encomendas Ltda';
    expect(larguraTexto(cortarTexto(nome, 120))).toBeLessThanOrEqual(120);
    expect(cortarTexto('Acre', 120)).toBe('Acre');
  });
});
