import Decimal from 'decimal.js';
import { Dec } from './frete/decimal-exato';

// One rounding for money and rates (docs/decisoes.md §26): every division of money — the indicators' freight to pay,
// R$/kg and %, apportioning, the audit's freight calculation, the reports' percentages — goes through
// `dividir`, which rounds the exact quotient once. Dividing first and multiplying after (a 60-digit rate
// times a weight, then to cents) puts an exact half cent such as 857,545 on the wrong side: 857,54.
//
// How it stays exact: the quotient is first cut (never rounded up) to PRECISAO significant digits, then
// rounded to the decimals asked. A cut quotient lies on the same side of every half-unit as the exact one as
// long as that half-unit has a place among the digits kept (integer digits + decimals + 1 ≤ PRECISAO): an
// exact half stays itself, anything below a half stays below it. 34 digits leave room for 28 integer digits
// at 4 decimals, far beyond any money, and divide faster than the 60 of frete/decimal-exato; beyond that the
// integer method takes over: ⌊(2·|a|·10^k + |b|) / (2·|b|)⌋ for half-up, ⌊|a|·10^k / |b|⌋ for down, by
// decimal.js's truncating integer division. The SQL twin is src/server/db/dividir-sql.ts.

/** Half a unit away from zero goes up (decimal.js ROUND_HALF_UP, PostgreSQL's round()); or toward zero. */
export type Arredondamento = 'meio-para-cima' | 'para-baixo';

const PRECISAO = 34;
const Cortado = Decimal.clone({ precision: PRECISAO, rounding: Decimal.ROUND_DOWN });
// Integer arithmetic for the rare long quotient: enough digits that no product is ever cut.
const Inteiro = Decimal.clone({ precision: 1000, rounding: Decimal.ROUND_DOWN });

/** A Cortado of `valor` (a copy, never rounded: constructors keep every digit); RangeError when not a number. */
function numero(valor: Decimal.Value, papel: string): Decimal {
  let d: Decimal;
  try {
    d = new Cortado(typeof valor === 'string' ? valor.trim() : valor);
  } catch {
    throw new RangeError(`${papel} não é um número: "${String(valor)}".`);
  }
  if (!d.isFinite()) throw new RangeError(`${papel} não é um número: "${String(valor)}".`);
  return d;
}

/** × 100 keeps the digits (only the exponent moves), so it is exact unless the value has more than PRECISAO. */
const vezesCem = (d: Decimal) => (d.sd() > PRECISAO ? new Inteiro(d) : d).times(100);

function pelosInteiros(a: Decimal, b: Decimal, casas: number, modo: Arredondamento): Dec {
  const escalado = new Inteiro(a).abs().times(new Inteiro(10).pow(casas));
  const d = new Inteiro(b).abs();
  const q = modo === 'para-baixo' ? escalado.dividedToIntegerBy(d) : escalado.times(2).plus(d).dividedToIntegerBy(d.times(2));
  const negativo = a.isNegative() !== b.isNegative() && !q.isZero();
  return new Dec((negativo ? q.negated() : q).times(new Inteiro(10).pow(-casas)));
}

/**
 * `dividendo ÷ divisor` rounded once to `casas` decimals ('meio-para-cima' by default). Pass products whole
 * (peso × valor, not peso × (valor ÷ peso)): the division is the last step. A zero divisor is a RangeError.
 */
export function dividir(dividendo: Decimal.Value, divisor: Decimal.Value, casas: number, modo: Arredondamento = 'meio-para-cima'): Dec {
  if (!Number.isInteger(casas) || casas < 0 || casas > 20) throw new RangeError(`Casas decimais inválidas: ${casas}.`);
  const a = numero(dividendo, 'O dividendo');
  const b = numero(divisor, 'O divisor');
  if (b.isZero()) throw new RangeError('Divisão por zero.');
  const cortado = a.dividedBy(b);
  // Integer digits (cortado.e + 1) + decimals + the half-unit's digit must fit in PRECISAO.
  if (cortado.e + casas + 2 > PRECISAO) return pelosInteiros(a, b, casas, modo);
  return new Dec(cortado).toDecimalPlaces(casas, modo === 'para-baixo' ? Decimal.ROUND_DOWN : Decimal.ROUND_HALF_UP);
}

/** `parte` as a percentage of `todo` (parte × 100 ÷ todo), rounded once to `casas` decimals. */
export const percentual = (parte: Decimal.Value, todo: Decimal.Value, casas: number): Dec => dividir(vezesCem(numero(parte, 'A parte')), todo, casas);
