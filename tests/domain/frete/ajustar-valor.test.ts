import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ElementoCusto, TabelaFrete } from '../../../src/contracts/tabela-frete-modelo';
import { ajustarValor, MSG_AJUSTE_NEGATIVO } from '../../../src/domain/frete/ajustar-valor';
import { CAMPINAS, RIO, RJ, SP, destino, elemento, faixas, incidencia, origem, percurso, tabela } from './fixtures';

// Spec 02 §4: PERCENTUAL new = value × (100 + v) / 100; VALOR_FIXO new = value + v; on valorMinimo,
// valorLimite (2 decimals) and each band value (5 decimals), HALF_UP, at every level.

const fretePeso = (campos: Partial<ElementoCusto> = {}) =>
  elemento('Frete Peso', { modalidade: 'CALCULADO_KG', valorMinimo: '50.00', valorLimite: '200', faixas: faixas(['100', '0.12345'], ['1000', '0.1']), ...campos });
const gris = elemento('GRIS', { modalidade: 'CALCULADO_VALOR', valorMinimo: '10', faixas: faixas(['9999999', '0.3']) });

/** "Frete Peso" on the table, on the route (written "FRETE PESO") and in an incidence ("frete peso"). */
function tresNiveis(): TabelaFrete {
  return tabela({
    elementosCusto: [fretePeso(), gris],
    percursos: [
      percurso('Campinas → Rio', {
        id: 10,
        origens: [origem(CAMPINAS)],
        destinos: [destino(RIO, [incidencia([100], [fretePeso({ descricao: 'frete peso', valorLimite: '0' })])]), destino(RJ)],
        elementosCusto: [fretePeso({ descricao: 'FRETE PESO', valorMinimo: '10.05' }), gris],
      }),
      percurso('SP → RJ', { id: 11, origens: [origem(SP)], destinos: [destino(RJ)] }),
    ],
  });
}

describe('ajustarValor', () => {
  it('PERCENTUAL 10 on every level, matching the description without case or accents', () => {
    const antes = tresNiveis();
    const copia = structuredClone(antes);
    const { tabela: t, alterados, mensagens } = ajustarValor(antes, { descricao: 'frete peso', forma: 'PERCENTUAL', valor: '10' });
    expect(mensagens).toEqual([]);
    expect(alterados).toBe(3);
    // Table: 50.00 × 110 / 100 = 55 (2 decimals: "55"); limit 200 → 220;
    // bands 0.12345 × 1.1 = 0.135795 → 5 decimals HALF_UP 0.13580 → "0.1358"; 0.1 × 1.1 = 0.11.
    expect(t.elementosCusto[0]).toMatchObject({ valorMinimo: '55', valorLimite: '220', faixas: faixas(['100', '0.1358'], ['1000', '0.11']) });
    // Route: 10.05 × 1.1 = 11.055 → HALF_UP 11.06.
    expect(t.percursos[0].elementosCusto[0]).toMatchObject({ valorMinimo: '11.06', valorLimite: '220' });
    // Incidence: limit 0 means "no limit" (step 7) and stays "0".
    expect(t.percursos[0].destinos[0].incidencias[0].elementosCusto[0]).toMatchObject({ valorMinimo: '55', valorLimite: '0' });
    // Other descriptions and untouched routes keep their very objects.
    expect(t.elementosCusto[1]).toBe(antes.elementosCusto[1]);
    expect(t.percursos[1]).toBe(antes.percursos[1]);
    expect(t.percursos[0].destinos[1]).toBe(antes.percursos[0].destinos[1]);
    expect(antes).toEqual(copia); // no mutation
    expect(t).not.toBe(antes);
  });

  it('VALOR_FIXO 2.5 adds to minimum (even 0), limit and bands, but never to a 0 limit', () => {
    const t0 = tabela({ elementosCusto: [elemento('Pedágio', { modalidade: 'CALCULADO_KG_INTEGRAL', valorMinimo: '0', valorLimite: '0', faixas: faixas(['9999999', '1.2']) })] });
    t0.percursos[0].elementosCusto = [elemento('PEDAGIO', { valorMinimo: '10.10', valorLimite: '30' })];
    t0.percursos[0].destinos[0].incidencias = [incidencia([1], [elemento('pedágio', { faixas: faixas(['5', '0.00001']) })])];
    const { tabela: t, alterados } = ajustarValor(t0, { descricao: 'Pedagio', forma: 'VALOR_FIXO', valor: '2.5' });
    expect(alterados).toBe(3);
    // 0 + 2.5 = 2.5; limit 0 kept; 1.2 + 2.5 = 3.7.
    expect(t.elementosCusto[0]).toMatchObject({ valorMinimo: '2.5', valorLimite: '0', faixas: faixas(['9999999', '3.7']) });
    // 10.10 + 2.5 = 12.6; 30 + 2.5 = 32.5.
    expect(t.percursos[0].elementosCusto[0]).toMatchObject({ valorMinimo: '12.6', valorLimite: '32.5' });
    // 0.00001 + 2.5 = 2.50001 (5 decimals kept).
    expect(t.percursos[0].destinos[0].incidencias[0].elementosCusto[0].faixas[0].valor).toBe('2.50001');
  });

  it('rounds money to 2 and bands to 5 decimals HALF_UP', () => {
    // 0.05 × 150 / 100 = 0.075 → 0.08; band 0.00003 × 1.5 = 0.000045 → 0.00005.
    const t0 = tabela({ elementosCusto: [elemento('Taxa', { valorMinimo: '0.05', faixas: faixas(['1', '0.00003']) })] });
    const { tabela: t } = ajustarValor(t0, { descricao: 'Taxa', forma: 'PERCENTUAL', valor: '50' });
    expect(t.elementosCusto[0].valorMinimo).toBe('0.08');
    expect(t.elementosCusto[0].faixas[0].valor).toBe('0.00005');
  });

  it('PERCENTUAL -100 brings everything to 0 (not negative)', () => {
    const t0 = tabela({ elementosCusto: [fretePeso()] });
    const { tabela: t, mensagens } = ajustarValor(t0, { descricao: 'Frete Peso', forma: 'PERCENTUAL', valor: '-100' });
    expect(mensagens).toEqual([]);
    expect(t.elementosCusto[0]).toMatchObject({ valorMinimo: '0', valorLimite: '0', faixas: faixas(['100', '0'], ['1000', '0']) });
  });

  it('a negative result changes nothing, on any level', () => {
    // Route element: band 0.1 - 0.2 = -0.1 < 0 although the table's own values would stay positive.
    const t0 = tresNiveis();
    t0.percursos[0].elementosCusto[0] = fretePeso({ faixas: faixas(['100', '0.1']), valorMinimo: '5' });
    t0.elementosCusto[0] = fretePeso({ faixas: faixas(['100', '1']) });
    t0.percursos[0].destinos[0].incidencias[0].elementosCusto[0] = fretePeso({ faixas: faixas(['100', '1']) });
    const copia = structuredClone(t0);
    const r = ajustarValor(t0, { descricao: 'Frete Peso', forma: 'VALOR_FIXO', valor: '-0.2' });
    expect(r).toEqual({ tabela: t0, alterados: 0, mensagens: [MSG_AJUSTE_NEGATIVO] });
    expect(r.tabela).toBe(t0);
    expect(t0).toEqual(copia);
    // PERCENTUAL below -100 as well: 50 × (-1) / 100 < 0.
    expect(ajustarValor(tresNiveis(), { descricao: 'GRIS', forma: 'PERCENTUAL', valor: '-101' }).mensagens).toEqual([MSG_AJUSTE_NEGATIVO]);
  });

  it('no element with that description', () => {
    const t0 = tresNiveis();
    const r = ajustarValor(t0, { descricao: 'Seguro', forma: 'PERCENTUAL', valor: '5' });
    expect(r).toEqual({ tabela: t0, alterados: 0, mensagens: ['Nenhum elemento de custo com a descrição "Seguro".'] });
  });

  it('property: PERCENTUAL 0 and VALOR_FIXO 0 give back a deep-equal table', () => {
    const dinheiro = fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 })).map(([i, c]) => (c ? `${i}.${String(c).padStart(2, '0')}` : `${i}`));
    const taxa = fc.tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 99_999 })).map(([i, d]) => `${i}.${String(d).padStart(5, '0')}`);
    const descricoes = ['Frete peso', 'FRETE PESO', 'GRIS', 'Pedágio', 'Ad valorem'];
    const el = fc.record({
      descricao: fc.constantFrom(...descricoes),
      valorMinimo: dinheiro,
      valorLimite: fc.oneof(fc.constant('0'), dinheiro),
      faixas: fc.array(fc.record({ faixaLimite: fc.constant('100'), valor: taxa }), { maxLength: 3 }),
    }).map(({ descricao, ...campos }) => elemento(descricao, campos));
    const arbTabela = fc.record({ globais: fc.array(el, { maxLength: 3 }), rota: fc.array(el, { maxLength: 3 }), inc: fc.array(el, { maxLength: 3 }) }).map(({ globais, rota, inc }) => {
      const t = tabela({ elementosCusto: globais });
      t.percursos[0].elementosCusto = rota;
      t.percursos[0].destinos[0].incidencias = [incidencia([1], inc)];
      return t;
    });
    fc.assert(
      fc.property(arbTabela, fc.constantFrom(...descricoes), fc.constantFrom('PERCENTUAL' as const, 'VALOR_FIXO' as const), (t, descricao, forma) => {
        const copia = structuredClone(t);
        expect(ajustarValor(t, { descricao, forma, valor: '0' }).tabela).toEqual(copia);
      }),
    );
  });
});
