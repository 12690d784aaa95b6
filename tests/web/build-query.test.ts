import { describe, expect, it } from 'vitest';
import { buildQuery } from '../../src/web/api/build-query';

describe('buildQuery (spec 01 §7)', () => {
  it('skips null and undefined, omits empty strings', () => {
    expect(buildQuery({ a: null, b: undefined, c: '', d: 'x' })).toBe('?d=x');
  });
  it('joins arrays with commas', () => {
    expect(buildQuery({ ids: [1, 2, 3] })).toBe('?ids=1%2C2%2C3');
  });
  it('JSON-encodes objects', () => {
    expect(buildQuery({ filtro: { a: 1 } })).toBe(`?filtro=${encodeURIComponent('{"a":1}')}`);
  });
  it('keeps zero and false', () => {
    expect(buildQuery({ page: 0, ativo: false })).toBe('?page=0&ativo=false');
  });
  it('encodes the search expression', () => {
    expect(buildQuery({ search: 'descricao~a b;ativado:true', sort: 'descricao,asc' })).toBe('?search=descricao~a%20b%3Bativado%3Atrue&sort=descricao%2Casc');
  });
  it('is empty without parameters', () => {
    expect(buildQuery({})).toBe('');
    expect(buildQuery(undefined)).toBe('');
    expect(buildQuery({ vazio: [] })).toBe('');
  });
});
