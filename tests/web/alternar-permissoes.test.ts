import { describe, expect, it } from 'vitest';
import { alternarPermissoes } from '../../src/web/features/perfis/alternar-permissoes';

describe('alternarPermissoes', () => {
  it('marks all when some are missing, unmarks all when all are there', () => {
    const parcial = new Set(['A_M', 'X']);
    expect([...alternarPermissoes(parcial, ['A_M', 'A_C'])].sort()).toEqual(['A_C', 'A_M', 'X']);
    expect([...alternarPermissoes(new Set(['A_M', 'A_C', 'X']), ['A_M', 'A_C'])]).toEqual(['X']);
  });
  it('leaves the set alone for no codes and never mutates its input', () => {
    const roles = new Set(['A']);
    expect([...alternarPermissoes(roles, [])]).toEqual(['A']);
    alternarPermissoes(roles, ['B']);
    expect([...roles]).toEqual(['A']);
  });
});
