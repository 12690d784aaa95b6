import { describe, expect, it } from 'vitest';
import { paginaComTotal } from '../../src/server/list/pagina-com-total';

// docs/decisoes.md §31: a page that is not full tells the total; only a full page (or an empty one past the first) counts.
describe('paginaComTotal', () => {
  const com = async (linhas: number[], page: number, size: number, total = 999) => {
    let contou = 0;
    const pagina = await paginaComTotal(
      async () => linhas,
      async () => {
        contou++;
        return total;
      },
      page,
      size,
    );
    return { totalElements: pagina.totalElements, totalPages: pagina.totalPages, contou };
  };

  it('derives the total of a short page without counting', async () => {
    expect(await com([1, 2, 3], 0, 20)).toEqual({ totalElements: 3, totalPages: 1, contou: 0 });
    expect(await com([], 0, 20)).toEqual({ totalElements: 0, totalPages: 0, contou: 0 });
    expect(await com([41, 42], 2, 20)).toEqual({ totalElements: 42, totalPages: 3, contou: 0 });
  });

  it('counts after a full page and after an empty page past the first', async () => {
    expect(await com([1, 2], 0, 2, 7)).toEqual({ totalElements: 7, totalPages: 4, contou: 1 });
    expect(await com([], 5, 20, 42)).toEqual({ totalElements: 42, totalPages: 3, contou: 1 });
  });
});
