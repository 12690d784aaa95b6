import fc from 'fast-check';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { MODALIDADES, ehIndice } from '../../../src/contracts/tabela-frete-tipos';
import { type ElementoCusto, type TabelaFrete } from '../../../src/contracts/tabela-frete-modelo';
import { type ResultadoCalculo } from '../../../src/contracts/calculo-frete';
import { chaveDescricao } from '../../../src/domain/frete/chave-descricao';
import { elemento, incidencia, tabela } from './fixtures';
import { calcular } from './calculo';

// Properties of the engine over random (valid) tables: element order never matters, and the lines
// always add up to valorTotal.

const DESCRICOES = ['Frete peso', 'Frete km', 'Ad valorem', 'GRIS', 'Pedágio', 'Taxa', 'Seguro', 'TDE'];
const dinheiro = fc.integer({ min: 0, max: 500_00 }).map((c) => new Decimal(c).div(100).toFixed());
const taxa = fc.integer({ min: 0, max: 300_000 }).map((c) => new Decimal(c).div(100_000).toFixed());
const CARRETA = { id: 3, descricao: 'Carreta' };

const arbElemento = fc
  .record({
    descricao: fc.constantFrom(...DESCRICOES),
    modalidade: fc.constantFrom(...MODALIDADES),
    limites: fc.uniqueArray(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 4 }),
    valores: fc.array(taxa, { minLength: 4, maxLength: 4 }),
    arredondamento: fc.constantFrom('NENHUM' as const, 'PARA_CIMA' as const, 'PARA_BAIXO' as const),
    valorArredondamento: fc.constantFrom('10', '100', '0.5'),
    roundingMode: fc.constantFrom('HALF_UP' as const, 'HALF_DOWN' as const),
    valorMinimo: fc.oneof(fc.constant('0'), dinheiro),
    // Few distinct limits, so that equal EXCLUSIVO limits (a tie) happen.
    valorLimite: fc.constantFrom('0', '0', '20', '50', '100.5'),
    acoesLimite: fc.constantFrom('LIMITAR' as const, 'EXCLUSIVO' as const),
    flags: fc.subarray(['INCIDE_IMPOSTO', 'RATEIO'] as const),
    exclusivo: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    faixaComponente: fc.constantFrom('NORMAL' as const, 'PESO' as const, 'DISTANCIA' as const, 'VALOR' as const),
    carreta: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    desdeEntrega: fc.constantFrom(1, 1, 1, 2),
    indexados: fc.subarray(DESCRICOES, { minLength: 1, maxLength: 3 }),
  })
  .map(
    (x): ElementoCusto =>
      elemento(x.descricao, {
        modalidade: x.modalidade,
        faixas: x.limites.map((l, i) => ({ faixaLimite: String(l), valor: x.valores[i] })),
        arredondamento: x.arredondamento,
        valorArredondamento: x.arredondamento === 'NENHUM' ? null : x.valorArredondamento,
        roundingMode: x.roundingMode,
        valorMinimo: x.valorMinimo,
        valorLimite: x.valorLimite,
        acoesLimite: x.acoesLimite,
        // EXCLUSIVO (closed freight) rarely, so most cases exercise the whole table.
        flags: [...x.flags, ...(x.exclusivo ? (['EXCLUSIVO'] as const) : [])],
        faixaComponente: x.faixaComponente,
        tiposVeiculo: x.carreta ? [CARRETA] : [],
        desdeEntrega: x.desdeEntrega,
        // An index element refers only to non-index descriptions other than its own (spec 02 §5).
        elementosIndexados: ehIndice(x.modalidade) ? x.indexados.filter((d) => d !== x.descricao) : [],
      }),
  )
  .filter((e) => !ehIndice(e.modalidade) || e.elementosIndexados.length > 0);

/** One level: descriptions unique (spec 02 §5), index elements referring only to non-index ones. */
const arbNivel = (max: number) =>
  fc.uniqueArray(arbElemento, { maxLength: max, selector: (e) => chaveDescricao(e.descricao) });

const arbCaso = fc.record({
  globais: arbNivel(5),
  doPercurso: arbNivel(4),
  daIncidencia: arbNivel(3),
  valorMinimo: fc.oneof(fc.constant('0'), dinheiro),
  valorMaximo: fc.oneof(fc.constant('0'), fc.constant('0'), dinheiro.map((v) => new Decimal(v).plus(1000).toFixed())),
  icmsIncluso: fc.boolean(),
  chaves: fc.array(fc.integer(), { minLength: 15, maxLength: 15 }),
  pedido: fc.record({
    peso: fc.integer({ min: 0, max: 5_000_000 }).map((g) => new Decimal(g).div(1000).toFixed()),
    valor: fc.integer({ min: 0, max: 10_000_000 }).map((c) => new Decimal(c).div(100).toFixed(2)),
    icms: fc.constantFrom('0', '0.07', '0.12', '0.175'),
    distancia: fc.constantFrom('430', '12.5', null),
    entregas: fc.constantFrom(1, 2),
    tipoVeiculo: fc.constantFrom(null, CARRETA, { id: 2, descricao: 'Truck' }),
  }),
});

/** Index elements must refer to descriptions that are non-index somewhere in the table. */
function valida(t: TabelaFrete): boolean {
  const todos = [...t.elementosCusto, ...t.percursos[0].elementosCusto, ...t.percursos[0].destinos[0].incidencias.flatMap((i) => i.elementosCusto)];
  const indexaveis = new Set(todos.filter((e) => !ehIndice(e.modalidade)).map((e) => chaveDescricao(e.descricao)));
  const indices = new Set(todos.filter((e) => ehIndice(e.modalidade)).map((e) => chaveDescricao(e.descricao)));
  return todos.every((e) => e.elementosIndexados.every((d) => indexaveis.has(chaveDescricao(d)) && !indices.has(chaveDescricao(d))));
}

type Caso = typeof arbCaso extends fc.Arbitrary<infer T> ? T : never;

/** The table of a case; `embaralhar` reorders every element array by the case's random keys. */
function montar(c: Caso, embaralhar: boolean): TabelaFrete {
  const ordem = <T>(xs: T[], desloc: number): T[] =>
    embaralhar ? xs.map((x, i) => [x, c.chaves[(i + desloc) % c.chaves.length]] as const).sort((a, b) => a[1] - b[1]).map(([x]) => x) : xs;
  const t = tabela({ elementosCusto: ordem(c.globais, 0), flags: c.icmsIncluso ? ['ICMS_INCLUSO'] : [] });
  Object.assign(t.percursos[0], { valorMinimo: c.valorMinimo, valorMaximo: c.valorMaximo, elementosCusto: ordem(c.doPercurso, 5) });
  t.percursos[0].destinos[0].incidencias = [incidencia([100], ordem(c.daIncidencia, 10))];
  return t;
}

const somaLinhas = (r: ResultadoCalculo) => r.elementosCusto.reduce((s, l) => s.plus(l.valor), new Decimal(0)).toFixed(2);
const multiconjunto = (r: ResultadoCalculo) => r.elementosCusto.map((l) => JSON.stringify(l)).sort();

describe('calcularFrete properties', () => {
  it('valorTotal never depends on element order, and always equals the sum of the lines', () => {
    let sucessos = 0;
    fc.assert(
      fc.property(arbCaso, (c) => {
        const original = montar(c, false);
        fc.pre(valida(original));
        const r = calcular(original, c.pedido);
        const s = calcular(montar(c, true), c.pedido);
        if (r.status === 'SUCESSO') sucessos++;
        expect(s.status).toBe(r.status);
        expect(s.valorTotal).toBe(r.valorTotal);
        expect(multiconjunto(s)).toEqual(multiconjunto(r));
        expect(s.mensagens).toEqual(r.mensagens);
        expect(r.valorTotal).toBe(somaLinhas(r));
        expect(r.valorTotal).toMatch(/^-?\d+\.\d{2}$/);
        expect(r.elementosCusto.every((l) => /^-?\d+\.\d{2}$/.test(l.valor))).toBe(true);
        if (r.status === 'FALHA') expect(r.mensagens.length).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
    expect(sucessos).toBeGreaterThan(100);
  });
});
