// An exact-fraction oracle for the money tests (docs/decisoes.md §26): decimal text read into BigInt rationals, the
// arithmetic the indicators' formulas need, and rounding by the textbook definition (floor, then the
// remainder against half the divisor), written apart from src/domain/dinheiro.ts so it checks it.

export interface Fracao {
  n: bigint;
  /** Always positive. */
  d: bigint;
}

const abs = (x: bigint) => (x < 0n ? -x : x);
const mdc = (a: bigint, b: bigint): bigint => (b === 0n ? abs(a) : mdc(b, a % b));

function reduzida(n: bigint, d: bigint): Fracao {
  if (d === 0n) throw new RangeError('divisão por zero');
  const sinal = d < 0n ? -1n : 1n;
  const g = mdc(n, d) || 1n;
  return { n: (sinal * n) / g, d: (sinal * d) / g };
}

/** "857.545", "-3", "0.001" → the exact fraction. */
export function fracao(texto: string | number | bigint): Fracao {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(texto).trim());
  if (!m) throw new RangeError(`não é um decimal: ${texto}`);
  const casas = m[3] ?? '';
  return reduzida(BigInt(`${m[1]}${m[2]}${casas}`), 10n ** BigInt(casas.length));
}

export const somar = (a: Fracao, b: Fracao) => reduzida(a.n * b.d + b.n * a.d, a.d * b.d);
export const subtrair = (a: Fracao, b: Fracao) => reduzida(a.n * b.d - b.n * a.d, a.d * b.d);
export const multiplicar = (a: Fracao, b: Fracao) => reduzida(a.n * b.n, a.d * b.d);
export const dividirFracao = (a: Fracao, b: Fracao) => reduzida(a.n * b.d, a.d * b.n);
export const ehZero = (a: Fracao) => a.n === 0n;

/** `f` to `casas` decimals: half away from zero ('meio') or toward zero ('baixo'), as fixed-point text. */
export function arredondarFracao(f: Fracao, casas: number, modo: 'meio' | 'baixo' = 'meio'): string {
  const escala = 10n ** BigInt(casas);
  const numerador = abs(f.n) * escala;
  let q = numerador / f.d;
  const resto = numerador - q * f.d;
  if (modo === 'meio' && 2n * resto >= f.d) q += 1n;
  const digitos = q.toString().padStart(casas + 1, '0');
  const texto = casas ? `${digitos.slice(0, -casas)}.${digitos.slice(-casas)}` : digitos;
  return f.n < 0n && q !== 0n ? `-${texto}` : texto;
}

/** n units of the `casas`-th decimal as fixed-point text ("123456", 2 → "1234.56"), no binary float on the way. */
export const fixo = (n: number | bigint, casas: number) => arredondarFracao({ n: BigInt(n), d: 10n ** BigInt(casas) }, casas);

/** a ≥ b, exactly. */
export const maiorOuIgual = (a: string, b: string) => subtrair(fracao(a), fracao(b)).n >= 0n;
