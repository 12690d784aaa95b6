import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENTOS_ACESSORIOS } from '../../src/contracts/ocorrencias';
import type { ElementoCusto, Percurso, TabelaFrete } from '../../src/contracts/tabela-frete-modelo';
import { ACOES_LIMITE, ARREDONDAMENTOS, FAIXA_COMPONENTES, FLAGS_ELEMENTO, MODALIDADES, RATEIOS_AGRUPAMENTO, ROUNDING_MODES, FAIXA_LIMITE_MAXIMO, ehIndice } from '../../src/contracts/tabela-frete-tipos';
import { validarTabelaFrete } from '../../src/domain/frete/validar-tabela-frete';
import { validarLugares } from '../../src/domain/planilha-tabela/validar-lugares';
import { escreverPlanilhaTabela } from '../../src/server/tabelas-frete/planilha/escrever-planilha';
import { lerPlanilhaTabela } from '../../src/server/tabelas-frete/planilha/ler-planilha';
import { CLIENTES, CNPJ_TRANSPORTADORA, MUNICIPIOS, normalizar, refsFalsas, TIPOS_VEICULO, TRANSPORTADORA, UFS } from './planilha-tabela-fixtures';

// Issue 32 acceptance: for random valid tables (every level, bands, enums, decimals at the schema's scales,
// evento/percentualFrete), export → import gives the same table. Compared without the ids of nested parts (the
// reader assigns none: the server does on save) and with decimals as values ("12.50" = "12.5"): normalizar().

/** A decimal text with at most `inteiros` integer digits and `escala` decimals, canonical ("12.5", "0"). */
const decimal = (escala: number, inteiros = 10) =>
  fc.tuple(fc.integer({ min: 0, max: 10 ** Math.min(inteiros, 9) - 1 }), fc.integer({ min: 0, max: 10 ** escala - 1 }), fc.boolean()).map(([i, f, grande]) => {
    const inteiro = grande && inteiros === 10 ? `${i}9` : String(i);
    return new Decimal(`${inteiro}.${String(f).padStart(escala, '0')}`).toFixed();
  });
const texto = fc.stringMatching(/^[A-Za-zÀ-ú0-9][A-Za-zÀ-ú0-9 →()./-]{0,20}[A-Za-zÀ-ú0-9)]$/);

const faixas = fc.uniqueArray(decimal(3, 7).filter((l) => new Decimal(l).gt(0) && new Decimal(l).lte(FAIXA_LIMITE_MAXIMO)), { minLength: 1, maxLength: 4, selector: (l) => new Decimal(l).toFixed() }).chain((limites) =>
  fc.tuple(...limites.sort((a, b) => new Decimal(a).comparedTo(b)).map((l) => decimal(5).map((valor) => ({ faixaLimite: l, valor })))),
);

const elemento = fc
  .record({
    modalidade: fc.constantFrom(...MODALIDADES),
    arredondamento: fc.constantFrom(...ARREDONDAMENTOS),
    valorArredondamento: decimal(3, 6).map((v) => new Decimal(v).plus(1).toFixed()),
    roundingMode: fc.constantFrom(...ROUNDING_MODES),
    valorMinimo: decimal(2),
    valorLimite: decimal(2),
    acoesLimite: fc.constantFrom(...ACOES_LIMITE),
    tiposVeiculo: fc.subarray(TIPOS_VEICULO),
    faixas,
    faixaComponente: fc.constantFrom(...FAIXA_COMPONENTES),
    flags: fc.subarray([...FLAGS_ELEMENTO]),
    desdeEntrega: fc.integer({ min: 1, max: 999 }),
    rateioAgrupamento: fc.constantFrom(...RATEIOS_AGRUPAMENTO),
    evento: fc.option(fc.constantFrom(...EVENTOS_ACESSORIOS)),
    percentualFrete: fc.option(decimal(5, 3)),
    nome: texto,
  })
  .map(({ nome, ...e }): ElementoCusto & { nome: string } => ({
    ...e,
    nome,
    descricao: '',
    valorArredondamento: e.arredondamento === 'NENHUM' ? null : e.valorArredondamento,
    percentualFrete: e.evento ? e.percentualFrete : null,
    elementosIndexados: [],
  }));

const local = fc.oneof(fc.constantFrom(...UFS).map((uf) => ({ uf, municipio: null })), fc.constantFrom(...MUNICIPIOS).map((municipio) => ({ uf: null, municipio })));
const incidencia = fc.record({ clientes: fc.subarray(CLIENTES, { minLength: 1 }), elementosCusto: fc.array(elemento, { minLength: 1, maxLength: 2 }) });
const percurso = fc.record({
  nome: texto,
  valorMinimo: decimal(2),
  valorMaximo: decimal(2),
  destinos: fc.array(fc.tuple(local, fc.array(incidencia, { maxLength: 2 })), { minLength: 1, maxLength: 3 }),
  extraOrigem: fc.option(fc.constantFrom(...MUNICIPIOS)),
  elementosCusto: fc.array(elemento, { maxLength: 3 }),
});

type PercursoGerado = typeof percurso extends fc.Arbitrary<infer T> ? T : never;

/** Unique descriptions per level, index elements pointing at non-index ones, origins unique per route (no conflicts). */
function valida(t: { inicio: string; dias: number | null; icms: boolean; descricaoIcms: string | null; elementos: (ElementoCusto & { nome: string })[]; percursos: PercursoGerado[] }): TabelaFrete {
  const nivel = (es: (ElementoCusto & { nome: string })[], prefixo: string) => es.map(({ nome, ...e }, i) => ({ ...e, descricao: `${prefixo}${i + 1} ${nome}` }));
  const elementosCusto = nivel(t.elementos, 'T');
  const percursos: Percurso[] = t.percursos.map((p, i) => ({
    descricao: `P${i + 1} ${p.nome}`,
    valorMinimo: p.valorMinimo,
    valorMaximo: new Decimal(p.valorMaximo).lt(p.valorMinimo) ? '0' : p.valorMaximo,
    // A UF of its own per route, and a municipality only the last route has: no two routes share an origin.
    origens: [{ uf: UFS[i], municipio: null }, ...(p.extraOrigem && i === t.percursos.length - 1 ? [{ uf: null, municipio: p.extraOrigem }] : [])],
    destinos: p.destinos.map(([l, incs]) => ({ ...l, incidencias: incs.map((inc) => ({ clientes: inc.clientes, elementosCusto: nivel(inc.elementosCusto, 'I') })) })),
    elementosCusto: nivel(p.elementosCusto, 'R'),
  }));
  const tabela: TabelaFrete = {
    transportadora: TRANSPORTADORA,
    inicio: t.inicio,
    fim: t.dias === null ? null : new Date(Date.parse(t.inicio) + t.dias * 86_400_000).toISOString().slice(0, 10),
    flags: t.icms ? ['ICMS_INCLUSO'] : [],
    descricaoIcms: t.descricaoIcms,
    descricaoPesoTaxado: null,
    elementosCusto,
    percursos,
  };
  const todos = [...elementosCusto, ...percursos.flatMap((p) => [...p.elementosCusto, ...p.destinos.flatMap((d) => d.incidencias.flatMap((i) => i.elementosCusto))])];
  const indexaveis = todos.filter((e) => !ehIndice(e.modalidade)).map((e) => e.descricao);
  for (const e of todos)
    if (ehIndice(e.modalidade)) {
      if (indexaveis.length) e.elementosIndexados = indexaveis.slice(0, 2);
      else e.modalidade = 'FIXO';
    }
  return tabela;
}

const tabela = fc
  .record({
    inicio: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2029-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    dias: fc.option(fc.integer({ min: 0, max: 800 })),
    icms: fc.boolean(),
    descricaoIcms: fc.option(texto),
    elementos: fc.array(elemento, { maxLength: 2 }),
    percursos: fc.array(percurso, { minLength: 1, maxLength: 3 }),
  })
  .map(valida);

describe('export → import of random valid tables', () => {
  it('gives back the same table', async () => {
    const { refs } = refsFalsas();
    await fc.assert(
      fc.asyncProperty(tabela, async (t) => {
        expect(validarTabelaFrete(t)).toEqual([]);
        const lida = await lerPlanilhaTabela(await escreverPlanilhaTabela({ ...t, id: 9, versao: 2 }, { transportadoraCnpj: CNPJ_TRANSPORTADORA }), 't.xlsx', refs);
        expect(lida.erros).toEqual([]);
        expect(normalizar(lida.tabela!)).toEqual(normalizar(t));
      }),
      { numRuns: 25 },
    );
  });
});

/** Ways to break a valid table, one rule of spec 02 §5 each (some break more than one). */
const QUEBRAS: ((t: TabelaFrete) => void)[] = [
  (t) => (t.transportadora = null),
  (t) => (t.inicio = null),
  (t) => (t.fim = '2019-12-31'),
  (t) => (t.percursos = []),
  (t) => (t.percursos[0].descricao = ' '),
  (t) => (t.percursos[0].origens = []),
  (t) => (t.percursos[0].destinos = []),
  (t) => Object.assign(t.percursos[0], { valorMinimo: '10', valorMaximo: '5' }),
  (t) => t.percursos.push({ ...t.percursos[0], elementosCusto: [] }),
  (t) => t.percursos[0].origens.push({ uf: t.percursos[0].origens[0].uf, municipio: MUNICIPIOS[0] }),
  (t) => (t.percursos[0].destinos[0] = { uf: null, municipio: null, incidencias: [] }),
  (t) => t.percursos[0].destinos[0].incidencias.push({ clientes: [], elementosCusto: [] }),
  (t) => t.percursos[0].elementosCusto.push({ ...todosDe(t)[0], descricao: '' }),
  (t) => t.elementosCusto.push({ ...todosDe(t)[0], modalidade: 'CALCULADO_KG', faixas: [], evento: null, percentualFrete: null }),
  (t) => t.elementosCusto.push({ ...todosDe(t)[0], descricao: 'Z', faixas: [{ faixaLimite: null, valor: '1' }, { faixaLimite: '99999999', valor: '1' }] }),
  (t) => t.elementosCusto.push({ ...todosDe(t)[0], descricao: 'Y', faixas: [{ faixaLimite: '5', valor: '1' }, { faixaLimite: '5.000', valor: '2' }] }),
  (t) => t.elementosCusto.push({ ...todosDe(t)[0], descricao: 'X', modalidade: 'CALCULADO_INDICE', elementosIndexados: [] }),
  (t) => t.elementosCusto.push({ ...todosDe(t)[0], descricao: 'W', modalidade: 'FIXO_FAIXA_INDICE', elementosIndexados: ['W'] }),
  (t) => t.elementosCusto.push({ ...todosDe(t)[0], descricao: 'V', arredondamento: 'PARA_CIMA', valorArredondamento: null }),
  (t) => t.elementosCusto.push({ ...todosDe(t)[0], descricao: 'U', evento: null, percentualFrete: '10' }),
  (t) => t.elementosCusto.push({ ...todosDe(t)[0], descricao: 'T', evento: 'TDE', percentualFrete: '1.234567' }),
  (t) => t.elementosCusto.push(todosDe(t)[0], todosDe(t)[0]),
];
const todosDe = (t: TabelaFrete): ElementoCusto[] => [
  ...t.elementosCusto,
  ...t.percursos.flatMap((p) => [...p.elementosCusto, ...p.destinos.flatMap((d) => d.incidencias.flatMap((i) => i.elementosCusto))]),
  {
    descricao: 'Base',
    modalidade: 'FIXO',
    arredondamento: 'NENHUM',
    valorArredondamento: null,
    roundingMode: 'HALF_UP',
    valorMinimo: '0',
    valorLimite: '0',
    acoesLimite: 'LIMITAR',
    tiposVeiculo: [],
    faixas: [],
    faixaComponente: 'NORMAL',
    flags: [],
    elementosIndexados: [],
    desdeEntrega: 1,
    rateioAgrupamento: 'NENHUM',
  },
];

describe('the rules placed on rows', () => {
  it('are the rules of validarTabelaFrete, message for message', () => {
    fc.assert(
      fc.property(tabela, fc.subarray(QUEBRAS.map((_, i) => i), { minLength: 1, maxLength: 3 }), (t, quebras) => {
        // The breaks that remove parts go last, so the others still find what they change.
        const ultimas = [10, 5, 6, 3];
        for (const q of [...quebras.filter((x) => !ultimas.includes(x)), ...ultimas.filter((x) => quebras.includes(x))]) QUEBRAS[q](t);
        const doDominio = validarTabelaFrete(t);
        const colocadas = validarLugares(t, new Map(), 3).map((e) => e.mensagem);
        expect(doDominio.length).toBeGreaterThan(0);
        for (const m of doDominio) expect([m, colocadas.some((c) => m.endsWith(c))]).toEqual([m, true]);
        for (const c of colocadas) expect([c, doDominio.some((m) => m.endsWith(c))]).toEqual([c, true]);
      }),
      { numRuns: 300 },
    );
  });
});
