/**
 * Promise.all's shape, one query after the other (thunks): for queries that may run inside a transaction,
 * whose one client would queue them anyway (pg warns about concurrent queries on a client, and pg@9 refuses
 * them).
 */
export async function emSequencia<T extends readonly (() => unknown)[]>(tarefas: T): Promise<{ [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const resultados: unknown[] = [];
  for (const t of tarefas) resultados.push(await t());
  return resultados as { [K in keyof T]: Awaited<ReturnType<T[K]>> };
}
