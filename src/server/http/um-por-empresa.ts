import { ApiError } from './api-error';

/**
 * One batch at a time per company (two would race for the same files or rows): the returned function runs
 * `fazer` unless this lock already runs one for the company, in which case it answers 409 with `mensagem`.
 */
export function umPorEmpresa(mensagem: string) {
  const emAndamento = new Set<string>();
  return async <T>(empresa: string, fazer: () => Promise<T>): Promise<T> => {
    if (emAndamento.has(empresa)) throw new ApiError(409, [mensagem]);
    emAndamento.add(empresa);
    try {
      return await fazer();
    } finally {
      emAndamento.delete(empresa);
    }
  };
}
