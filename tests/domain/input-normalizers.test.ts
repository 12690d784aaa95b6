import { describe, expect, it } from 'vitest';
import { normalizeDecimal } from '../../src/domain/normalize-decimal';
import { roundUpToStep } from '../../src/domain/round-up-to-step';
import { clampNumber } from '../../src/domain/clamp-number';
import { maskDateBr } from '../../src/domain/mask-date-br';
import { parseDateBr } from '../../src/domain/parse-date-br';
import { INPUT_PATTERNS } from '../../src/domain/input-patterns';

describe('normalizeDecimal', () => {
  it.each([
    ['12,5', '12.5'],
    ['1.234,56', '1234.56'],
    ['abc12x,3', '12.3'],
    ['1.2.3', '123'],
    ['37.000', '37000'],
    ['12.5', '125'],
    ['1.234.567,891', '1234567.891'],
    ['0,5', '0.5'],
    ['R$ 10', '10'],
    ['', ''],
    ['-5,5', '5.5'],
  ])('%s → %s', (entrada, saida) => expect(normalizeDecimal(entrada)).toBe(saida));

  it('keeps a leading minus when negatives are allowed', () => {
    expect(normalizeDecimal('-5,5', { negative: true })).toBe('-5.5');
  });
});

describe('roundUpToStep', () => {
  it.each([
    ['1.01', 0.5, '1.5'],
    ['1.5', 0.5, '1.5'],
    ['0.3', 0.1, '0.3'],
    ['7', 5, '10'],
    ['0.30001', '0.1', '0.4'],
    ['', 0.5, ''],
  ])('%s with step %s → %s', (v, passo, r) => expect(roundUpToStep(v, passo)).toBe(r));

  it('ignores a step of zero', () => expect(roundUpToStep('1.23', 0)).toBe('1.23'));
});

describe('clampNumber', () => {
  it('clamps to the limits', () => {
    expect(clampNumber('200', 0, 180)).toBe(180);
    expect(clampNumber('-3', 0, 180)).toBe(0);
    expect(clampNumber(30, 0, 180)).toBe(30);
  });
  it('becomes 0 when not numeric', () => {
    expect(clampNumber('abc')).toBe(0);
    expect(clampNumber('')).toBe(0);
  });
  it('clamps 0 up to the minimum', () => expect(clampNumber('x', 5, 10)).toBe(5));
});

describe('dates dd/mm/yyyy', () => {
  it('masks while typing', () => {
    expect(maskDateBr('0')).toBe('0');
    expect(maskDateBr('0103')).toBe('01/03');
    expect(maskDateBr('01032024')).toBe('01/03/2024');
    expect(maskDateBr('01/03/2024999')).toBe('01/03/2024');
  });
  it('parses real dates inside 1976–2030', () => {
    expect(parseDateBr('29/02/2024')).toBe('2024-02-29');
    expect(parseDateBr('01/01/1976')).toBe('1976-01-01');
    expect(parseDateBr('31/12/2030')).toBe('2030-12-31');
  });
  it.each(['29/02/2023', '31/04/2024', '01/01/1975', '01/01/2031', '1/1/2024', '00/01/2024', 'abc'])('rejects %s', (t) =>
    expect(parseDateBr(t)).toBeNull(),
  );
});

describe('input patterns', () => {
  it('e-mail and ISO date', () => {
    expect(INPUT_PATTERNS.email.test('a@b.com')).toBe(true);
    expect(INPUT_PATTERNS.email.test('a@b')).toBe(false);
    expect(INPUT_PATTERNS.dataIso.test('2024-12-31')).toBe(true);
    expect(INPUT_PATTERNS.dataIso.test('2024-13-01')).toBe(false);
  });
});
