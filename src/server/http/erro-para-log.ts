import { DrizzleQueryError } from 'drizzle-orm/errors';

const linhasDaPilha = (erro: Error) => (erro.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));

/**
 * What an unexpected failure may print: for a failed query, the database's own message, its SQLSTATE and the
 * SQL text, never the parameters (a new user's password hash, people's data) nor the driver's `detail`
 * ("Failing row contains (…)" repeats the row). Other errors print as they are.
 */
export function erroParaLog(erro: unknown): unknown {
  if (!(erro instanceof DrizzleQueryError)) return erro;
  const causa = erro.cause as (Error & { code?: string }) | undefined;
  const codigo = causa?.code ? ` [${causa.code}]` : '';
  return [`${causa?.message ?? 'Falha na consulta'}${codigo}`, `consulta: ${erro.query}`, ...linhasDaPilha(erro)].join('\n');
}
