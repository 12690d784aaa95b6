import { describe, expect, it } from 'vitest';
import {
  VALOR_DESCONHECIDO, formatarDinheiro, formatarPeso, formatarQuantidade, formatarTaxa, formatarTaxaPercentual, formatarValor,
} from '../../src/domain/format-number-br';

// One number format (spec 01 §9): weights 3 decimals, money 2, rates 4, "—" for an unknown value, never 0.

describe('formatarPeso', () => {
  it('always has 3 decimals, thousands grouped', () => {
    expect(['333.333', '1', '2.5', '210', '2101.98', 520.4, '551.624'].map(formatarPeso)).toEqual([
      '333,333', '1,000', '2,500', '210,000', '2.101,980', '520,400', '551,624',
    ]);
  });
  it('rounds half up past 3 decimals, without binary floats', () => {
    expect(formatarPeso('0.0005')).toBe('0,001');
    expect(formatarPeso('1234567.8915')).toBe('1.234.567,892');
  });
  it('is "—" when unknown, 0 when zero', () => {
    expect([null, undefined, '', '  ', 'abc'].map(formatarPeso)).toEqual(Array(5).fill(VALOR_DESCONHECIDO));
    expect(formatarPeso('0')).toBe('0,000');
  });
});

describe('formatarDinheiro and formatarValor', () => {
  it('have 2 decimals and thousands separators', () => {
    expect(formatarDinheiro('8119200000000')).toBe('R$ 8.119.200.000.000,00');
    expect(formatarDinheiro('1234.5')).toBe('R$ 1.234,50');
    expect(formatarDinheiro('-0.004')).toBe('R$ 0,00');
    expect(formatarDinheiro('-10.005')).toBe('-R$ 10,01');
    expect(formatarValor('8119200000000')).toBe('8.119.200.000.000,00');
  });
  it('are "—" when unknown', () => {
    expect(formatarDinheiro(null)).toBe('—');
    expect(formatarValor(undefined)).toBe('—');
  });
});

describe('formatarTaxa', () => {
  it('has 4 decimals (R$/kg, percent rates)', () => {
    expect(formatarTaxa('1.6078')).toBe('1,6078');
    expect(formatarTaxa('1.61')).toBe('1,6100');
    expect(formatarTaxa('12345.678951')).toBe('12.345,6790');
    expect(formatarTaxaPercentual('12.5')).toBe('12,5000 %');
  });
  it('is "—" when unknown', () => {
    expect(formatarTaxa(null)).toBe('—');
    expect(formatarTaxaPercentual('')).toBe('—');
  });
});

describe('formatarQuantidade', () => {
  it('counts without decimals, measures with theirs', () => {
    expect(formatarQuantidade(1234)).toBe('1.234');
    expect(formatarQuantidade('6390.000', { decimais: 3 })).toBe('6.390,000');
  });
  it('is "—" when unknown, and for 0 when 0 means not informed', () => {
    expect(formatarQuantidade(null)).toBe('—');
    expect(formatarQuantidade(0)).toBe('0');
    expect(formatarQuantidade(0, { zeroDesconhecido: true })).toBe('—');
    expect(formatarQuantidade('0.000', { decimais: 3, zeroDesconhecido: true })).toBe('—');
  });
});
