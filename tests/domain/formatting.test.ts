import { describe, expect, it } from 'vitest';
import { formatBrl } from '../../src/domain/format-brl';
import { formatDateBr } from '../../src/domain/format-date-br';
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
  it('formats a Date in local time', () => expect(formatDateBr(new Date(2024, 0, 9, 23, 59))).toBe('09/01/2024'));
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
