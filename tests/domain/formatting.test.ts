import { describe, expect, it } from 'vitest';
import { formatBrl } from '../../src/domain/format-brl';
import { formatDateBr } from '../../src/domain/format-date-br';
import { formatNumberBr, formatPercentBr } from '../../src/domain/format-number-br';
import { buildSearch, contem } from '../../src/domain/build-search';

describe('formatBrl', () => {
  it.each([
    [1234.56, 'R$ 1.234,56'],
    ['1234567.891', 'R$ 1.234.567,89'],
    [0, 'R$ 0,00'],
    [-10.5, '-R$ 10,50'],
    ['0.005', 'R$ 0,01'],
    [999, 'R$ 999,00'],
  ])('%s → %s', (v, r) => expect(formatBrl(v)).toBe(r));

  it('honours a precision (price bands use 5)', () => expect(formatBrl('1.123456', 5)).toBe('R$ 1,12346'));
  it('is empty for missing or invalid values', () => {
    expect(formatBrl(null)).toBe('');
    expect(formatBrl('abc')).toBe('');
  });
});

describe('formatDateBr', () => {
  it('formats a calendar date literally', () => expect(formatDateBr('2024-03-05')).toBe('05/03/2024'));
  it('formats a Date as its São Paulo date', () => expect(formatDateBr(new Date('2024-01-09T23:59:00-03:00'))).toBe('09/01/2024'));
  it('is empty for invalid input', () => {
    expect(formatDateBr('nada')).toBe('');
    expect(formatDateBr(null)).toBe('');
  });
});

describe('buildSearch', () => {
  it('joins present terms with ;', () => {
    expect(buildSearch(contem('descricao', 'adm'), 'ativado:true')).toBe('descricao~adm;ativado:true');
  });
  it('skips blank text', () => expect(buildSearch(contem('descricao', '  '), null, false)).toBeUndefined());
  it('drops ; from the text', () => expect(contem('descricao', 'a;b')).toBe('descricao~a b'));
});

describe('formatDateBr in São Paulo', () => {
  it('shows an instant as its São Paulo calendar date, whatever the machine time zone', () => {
    expect(formatDateBr('2024-10-14T22:26:00-03:00')).toBe('14/10/2024');
    expect(formatDateBr('2024-10-15T01:26:00.000Z')).toBe('14/10/2024');
    expect(formatDateBr(new Date('2024-10-15T02:59:59Z'))).toBe('14/10/2024');
    expect(formatDateBr(new Date('2024-10-15T03:00:00Z'))).toBe('15/10/2024');
  });
  it('keeps a daylight-saving date of the old rules (São Paulo was -02:00 in January 2018)', () => {
    expect(formatDateBr('2018-01-10T01:30:00Z')).toBe('09/01/2018');
    expect(formatDateBr('2018-01-10T02:30:00Z')).toBe('10/01/2018');
  });
});

describe('formatNumberBr / formatPercentBr', () => {
  it.each([
    ['6000.000', {}, '6.000'],
    ['40.000', {}, '40'],
    ['12.0000', {}, '12'],
    ['0.10', {}, '0,1'],
    ['1234567.891', {}, '1.234.567,891'],
    ['37000', {}, '37.000'],
    ['0.123456', {}, '0,12346'],
    ['1234.5', { decimals: 2 }, '1.234,50'],
    ['-0.001', { decimals: 2 }, '0,00'],
    ['-1500.25', {}, '-1.500,25'],
    [12.5, { minDecimals: 2 }, '12,50'],
  ] as const)('%s %j → %s', (v, o, r) => expect(formatNumberBr(v, o)).toBe(r));

  it('is empty for missing or invalid values', () => {
    expect(formatNumberBr(null)).toBe('');
    expect(formatNumberBr('')).toBe('');
    expect(formatNumberBr('abc')).toBe('');
  });
  it('shows percentages with two decimals and a spaced sign', () => {
    expect(formatPercentBr('12')).toBe('12,00 %');
    expect(formatPercentBr('7.5')).toBe('7,50 %');
    expect(formatPercentBr(null)).toBe('');
  });
});
