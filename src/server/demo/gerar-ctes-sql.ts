// SQL pieces of the generated CT-es (gerar-ctes.ts): the access key with its check digit, a party as JSON.

/**
 * Mod-11 check digit of a 43-digit key as SQL, from its parts: `prefixo` (a text of 25 digits: cUF, AAMM,
 * CNPJ, model, series) and two bigints, the 9-digit number and the 8-digit code (tpEmis 1 between them).
 * Weights 2..9 cycle from the right; the digits of the numbers are taken arithmetically.
 */
function dvSql(prefixo: string, numero: string, codigo: string): string {
  // Positions (1-based) of the key: prefix 1..25, number 26..34, tpEmis 35, code 36..43.
  const peso = (pos: number) => 2 + ((43 - pos) % 8);
  const termos: string[] = [];
  for (let pos = 1; pos <= 25; pos++) termos.push(`substr(${prefixo}, ${pos}, 1)::int * ${peso(pos)}`);
  for (let j = 0; j < 9; j++) termos.push(`((${numero} / ${10 ** (8 - j)}) % 10)::int * ${peso(26 + j)}`);
  termos.push(`${peso(35)}`);
  for (let j = 0; j < 8; j++) termos.push(`((${codigo} / ${10 ** (7 - j)}) % 10)::int * ${peso(36 + j)}`);
  return `(select case when x < 2 then 0 else 11 - x end from (select (${termos.join(' + ')}) % 11 as x) as dv)`;
}
export const chaveSql = (prefixo: string, numero: string, codigo: string) =>
  `${prefixo} || lpad(${numero}::text, 9, '0') || '1' || lpad(${codigo}::text, 8, '0') || ${dvSql(prefixo, numero, codigo)}::text`;

export const parte = (doc: string, nome: string) =>
  `jsonb_build_object('cnpj', case when length(${doc}) = 14 then ${doc} end, 'cpf', case when length(${doc}) = 11 then ${doc} end, 'inscricaoEstadual', null, 'nome', ${nome}, 'nomeFantasia', null, 'telefone', null, 'endereco', null)`;
