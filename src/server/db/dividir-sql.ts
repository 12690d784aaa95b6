import { sql, type SQL } from 'drizzle-orm';

/**
 * The SQL twin of `dividir` (src/domain/dinheiro.ts): `dividendo ÷ divisor` in numeric, rounded half-up
 * (away from zero, as round() does) once, to `casas` decimals; null when the divisor is zero or null.
 * round(a / b, 2) would round twice: a / b is itself rounded to some 16 significant digits first. div() is
 * PostgreSQL's exact truncating division, so ⌊(2·|a|·10^k + |b|) / (2·|b|)⌋ is the exact half-up quotient.
 * Both operands are repeated in the expression: pass columns or cheap expressions.
 */
export function dividirSql(dividendo: SQL, divisor: SQL, casas: number): SQL {
  if (!Number.isInteger(casas) || casas < 0 || casas > 20) throw new RangeError(`Casas decimais inválidas: ${casas}.`);
  const escala = sql.raw(`1${'0'.repeat(casas)}`);
  const dobro = sql.raw(`2${'0'.repeat(casas)}`);
  // numeric throughout: sign() or abs() of an integer count would otherwise pick the double precision overload.
  const a = sql`(${dividendo})::numeric`;
  const b = sql`(${divisor})::numeric`;
  const d = sql`abs(nullif(${b}, 0))`;
  return sql`round(sign(${a}) * sign(${b}) * div(abs(${a}) * ${dobro} + ${d}, 2 * ${d}) / ${escala}, ${sql.raw(String(casas))})`;
}
