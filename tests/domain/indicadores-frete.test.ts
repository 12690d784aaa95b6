import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MSG_DATA_FINAL_INVALIDA,
  MSG_DATA_INICIAL_INVALIDA,
  MSG_INFORME_UM_CAMPO,
  MSG_INFORME_UM_CAMPO_COM_CTE,
  MSG_PERIODO_INDICADORES_INVALIDO,
} from '../../src/contracts/indicadores';
import { Dec } from '../../src/domain/frete/decimal-exato';
import { calcularIndicador, situacaoIndicador, type EntradaIndicador } from '../../src/domain/indicadores/indicadores-frete';
import { validarFiltroIndicadores } from '../../src/domain/indicadores/validar-filtro-indicadores';

const SP = { limiteFretePeso: '0.1000', limiteFreteValor: '3.0000' };
const entrada = (over: Partial<EntradaIndicador>): EntradaIndicador => ({ valorCte: '1000.00', pesoCte: '2000', pesoNf: '500', valorNf: '20000.00', ...SP, ...over });

describe('freight indicators (spec 03 §5 formulas)', () => {
  it('worked numbers: 500 kg of a 2,000 kg CT-e of R$ 1.000,00 → R$ 250,00 to pay; R$ 0,125/kg (red against 0,1) and 1,25 % (green against 3)', () => {
    expect(calcularIndicador(entrada({}))).toEqual({
      nfFretePagar: '250.00',
      indicadorFretePeso: '0.1250',
      indicadorFreteValor: '1.2500',
      situacaoFretePeso: 'VERMELHO',
      situacaoFreteValor: 'VERDE',
      marcas: [],
    });
  });

  it('rounds freight to pay to cents and the indicators to 4 decimals, from the rounded freight', () => {
    const r = calcularIndicador(entrada({ valorCte: '100.00', pesoCte: '3', pesoNf: '1', valorNf: '7.00' }));
    // 1 × 100 / 3 = 33,333… → 33,33; 33,33 / 3 = 11,11; 33,33 / 7 × 100 = 476,142857… → 476,1429.
    expect([r.nfFretePagar, r.indicadorFretePeso, r.indicadorFreteValor]).toEqual(['33.33', '11.1100', '476.1429']);
    // 2 × 10 / 3 = 6,666… → 6,67; 6,67 / 3 = 2,22333… → 2,2233 (half-up at the fourth decimal).
    expect(calcularIndicador(entrada({ valorCte: '10.00', pesoCte: '3', pesoNf: '2' })).indicadorFretePeso).toBe('2.2233');
  });

  it('an indicator equal to the limit is red; just below it is green; a UF without a limit says so', () => {
    const igual = calcularIndicador(entrada({ valorCte: '100.00', pesoCte: '1000', pesoNf: '1000' }));
    expect([igual.indicadorFretePeso, igual.situacaoFretePeso]).toEqual(['0.1000', 'VERMELHO']);
    expect(calcularIndicador(entrada({ valorCte: '100.00', pesoCte: '1000', pesoNf: '1000', limiteFretePeso: '0.1001' })).situacaoFretePeso).toBe('VERDE');
    const semLimite = calcularIndicador(entrada({ limiteFretePeso: null, limiteFreteValor: '' }));
    expect([semLimite.situacaoFretePeso, semLimite.situacaoFreteValor]).toEqual(['SEM_LIMITE', 'SEM_LIMITE']);
    expect(situacaoIndicador('2.9999', '3')).toBe('VERDE');
  });

  it('zero CT-e weight and zero NF value give a clear mark instead of a division by zero', () => {
    expect(calcularIndicador(entrada({ pesoCte: '0' }))).toEqual({
      nfFretePagar: null,
      indicadorFretePeso: null,
      indicadorFreteValor: null,
      situacaoFretePeso: 'INDEFINIDO',
      situacaoFreteValor: 'INDEFINIDO',
      marcas: ['PESO_CTE_ZERADO'],
    });
    const semValor = calcularIndicador(entrada({ valorNf: '0.00' }));
    expect([semValor.nfFretePagar, semValor.indicadorFretePeso, semValor.indicadorFreteValor, semValor.situacaoFreteValor, semValor.marcas]).toEqual(['250.00', '0.1250', null, 'INDEFINIDO', ['VALOR_NF_ZERADO']]);
    expect(calcularIndicador(entrada({ pesoCte: '0.000', valorNf: '0' })).marcas).toEqual(['PESO_CTE_ZERADO', 'VALOR_NF_ZERADO']);
    // A note of zero weight pays nothing (and that is a number, not a mark).
    expect(calcularIndicador(entrada({ pesoNf: '0' })).nfFretePagar).toBe('0.00');
  });

  it('refuses negative or non-numeric input with a RangeError naming the field', () => {
    expect(() => calcularIndicador(entrada({ pesoNf: '-1' }))).toThrow(/Peso da nota fiscal/);
    expect(() => calcularIndicador(entrada({ valorCte: 'abc' }))).toThrow(/Valor do CT-e/);
  });

  it('property: the notes of a CT-e (weights adding up to its weight) pay its value within half a cent per note', () => {
    const peso = fc.integer({ min: 1, max: 5_000_000 }).map((g) => new Dec(g).dividedBy(1000));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_00 }), fc.array(peso, { minLength: 1, maxLength: 12 }), (centavos, pesos) => {
        const valorCte = new Dec(centavos).dividedBy(100).toFixed(2);
        const pesoCte = pesos.reduce((a, b) => a.plus(b), new Dec(0)).toFixed(3);
        const soma = pesos
          .map((p) => calcularIndicador(entrada({ valorCte, pesoCte, pesoNf: p.toFixed(3) })))
          .reduce((a, r) => a.plus(r.nfFretePagar!), new Dec(0));
        expect(soma.minus(valorCte).abs().lessThanOrEqualTo(new Dec('0.005').times(pesos.length))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('indicator filter rules (spec 03 §5), the same on the client and the server', () => {
  it('at least one field: the Fretes panel text, and the /indicadores text that counts the CT-e number', () => {
    expect(validarFiltroIndicadores({ filtroRadioGroup: 'NF' }, false)).toEqual([MSG_INFORME_UM_CAMPO]);
    expect(validarFiltroIndicadores({ dataEmissao_inicio: ' ', numeroFatura: '' }, true)).toEqual([MSG_INFORME_UM_CAMPO_COM_CTE]);
  });

  it('without carrier or invoice number both dates are needed and valid (final first); a CT-e number alone still needs them', () => {
    expect(validarFiltroIndicadores({ dataEmissao_inicio: '2026-11-01' }, false)).toEqual([MSG_DATA_FINAL_INVALIDA]);
    expect(validarFiltroIndicadores({ dataEmissao_fim: '2026-11-31' }, false)).toEqual([MSG_DATA_FINAL_INVALIDA, MSG_DATA_INICIAL_INVALIDA]);
    expect(validarFiltroIndicadores({ numeroCte: '123' }, true)).toEqual([MSG_DATA_FINAL_INVALIDA, MSG_DATA_INICIAL_INVALIDA]);
    expect(validarFiltroIndicadores({ dataEmissao_inicio: '2026-11-01', dataEmissao_fim: '2026-11-30' }, false)).toEqual([]);
  });

  it('with a carrier or an invoice number no period is needed, but a typed date must still be valid', () => {
    expect(validarFiltroIndicadores({ transportadora: 7 }, false)).toEqual([]);
    expect(validarFiltroIndicadores({ numeroFatura: '771402' }, true)).toEqual([]);
    expect(validarFiltroIndicadores({ transportadora: 7, dataEmissao_inicio: '01/11/2026' }, false)).toEqual([MSG_DATA_INICIAL_INVALIDA]);
  });

  it('the end may not precede the start', () => {
    expect(validarFiltroIndicadores({ dataEmissao_inicio: '2026-11-30', dataEmissao_fim: '2026-11-01' }, false)).toEqual([MSG_PERIODO_INDICADORES_INVALIDO]);
    expect(validarFiltroIndicadores({ transportadora: 7, dataEmissao_inicio: '2026-11-30', dataEmissao_fim: '2026-11-01' }, true)).toEqual([MSG_PERIODO_INDICADORES_INVALIDO]);
  });
});

describe('formatarIndicador', () => {
  it('reads freight weight in R$ per kg and freight value in percent, pt-BR', async () => {
    const { formatarIndicador } = await import('../../src/domain/indicadores/indicadores-frete');
    expect(formatarIndicador('peso', '1234.5')).toBe('R$ 1.234,5000/kg');
    expect(formatarIndicador('valor', '4.00005')).toBe('4,0001 %');
    expect(formatarIndicador('valor', '6', 2)).toBe('6,00 %');
    expect(formatarIndicador('peso', null)).toBe('');
  });
});
