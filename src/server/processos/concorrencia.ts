// WEB_CONCURRENCY (issue 33): how many server processes `npm start` runs on one port (node:cluster). Only with
// PostgreSQL: a PGlite data folder belongs to one process (db/data-dir-lock.ts), so more than one is refused at
// start, as are values that are not a whole number of processes.

/** The value as written, in the messages. */
const mostrar = (valor: string) => JSON.stringify(valor);

export const mensagemConcorrenciaInvalida = (valor: string) =>
  `WEB_CONCURRENCY inválida: ${mostrar(valor)}. Use um número inteiro de processos do servidor, de 1 a ${MAX_PROCESSOS} (sem a variável: 1).`;

export const mensagemConcorrenciaSemPostgres = (n: number) =>
  `WEB_CONCURRENCY=${n} exige DATABASE_URL (PostgreSQL): o banco embutido (PGlite) guarda cada empresa numa pasta de dados ` +
  'que só um processo pode abrir. Defina DATABASE_URL e ADMIN_PASSWORD, ou rode um só processo (WEB_CONCURRENCY=1 ou sem a variável).';

/** A bound against typos (WEB_CONCURRENCY=40 where 4 was meant): each process keeps up to 20 PostgreSQL connections. */
export const MAX_PROCESSOS = 32;

export type Concorrencia = { processos: number } | { erro: string };

/** Reads WEB_CONCURRENCY (unset or blank: 1) against the database in use. */
export function lerConcorrencia(valor: string | undefined, databaseUrl: string | undefined): Concorrencia {
  if (valor === undefined || valor.trim() === '') return { processos: 1 };
  const texto = valor.trim();
  if (!/^\d+$/.test(texto)) return { erro: mensagemConcorrenciaInvalida(valor) };
  const n = Number(texto);
  if (n < 1 || n > MAX_PROCESSOS) return { erro: mensagemConcorrenciaInvalida(valor) };
  if (n > 1 && !databaseUrl) return { erro: mensagemConcorrenciaSemPostgres(n) };
  return { processos: n };
}
