// Issue 33: exact decimals for the formatters the screens use, without decimal.js (a fifth of the /ctes JS was
// it). A value is a BigInt of units of 10^-escala, read from the decimal text (a number through its shortest
// text, as decimal.js reads it): no binary float ever touches a cent. Rounding is half up, away from zero.

/** An exact decimal: `inteiro` × 10^-`escala` (escala ≥ 0). */
export interface DecimalTexto {
  inteiro: bigint;
  escala: number;
}

// What decimal.js reads as a finite decimal: sign, digits with an optional point, optional exponent.
const NUMERO = /^([+-])?(\d+(?:\.\d*)?|\.\d+)(?:e([+-]?\d+))?$/i;

/** The exact value of `valor`, or null when missing, empty, not a finite decimal (NaN, Infinity) or not a number. */
export function lerDecimal(valor: number | string | null | undefined): DecimalTexto | null {
  if (valor === null || valor === undefined) return null;
  if (typeof valor === 'number' && !Number.isFinite(valor)) return null;
  const m = NUMERO.exec(typeof valor === 'number' ? String(valor) : valor);
  if (!m) return null;
  const [inteiro, fracao = ''] = m[2].split('.');
  let escala = fracao.length - Number(m[3] ?? 0);
  let digitos = `${inteiro}${fracao}` || '0';
  if (escala < 0) {
    digitos += '0'.repeat(-escala);
    escala = 0;
  }
  const n = BigInt(digitos);
  return { inteiro: m[1] === '-' ? -n : n, escala };
}

const absoluto = (n: bigint) => (n < 0n ? -n : n);

/** `d` with at most `casas` decimals, rounded half up (away from zero, as decimal.js's ROUND_HALF_UP). */
export function arredondar(d: DecimalTexto, casas: number): DecimalTexto {
  if (d.escala <= casas) return d;
  const divisor = 10n ** BigInt(d.escala - casas);
  const abs = absoluto(d.inteiro);
  const q = abs / divisor + ((abs % divisor) * 2n >= divisor ? 1n : 0n);
  return { inteiro: d.inteiro < 0n ? -q : q, escala: casas };
}

/** `d` without trailing decimal zeros ("12.500" → 12.5). */
export function semZerosFinais(d: DecimalTexto): DecimalTexto {
  let { inteiro, escala } = d;
  while (escala > 0 && inteiro % 10n === 0n) {
    inteiro /= 10n;
    escala--;
  }
  return { inteiro, escala };
}

/** Fixed-point text with exactly `casas` decimals, rounded half up ("-1234.50"); a value rounded to zero has no sign. */
export function textoFixo(d: DecimalTexto, casas: number): string {
  const r = arredondar(d, casas);
  const digitos = absoluto(r.inteiro).toString().padStart(r.escala + 1, '0');
  const inteiro = digitos.slice(0, digitos.length - r.escala);
  const fracao = digitos.slice(digitos.length - r.escala).padEnd(casas, '0');
  return `${r.inteiro < 0n ? '-' : ''}${inteiro}${casas > 0 ? `.${fracao}` : ''}`;
}

/** `a − b`, exactly. */
export function subtrair(a: DecimalTexto, b: DecimalTexto): DecimalTexto {
  const escala = Math.max(a.escala, b.escala);
  const escalar = (d: DecimalTexto) => d.inteiro * 10n ** BigInt(escala - d.escala);
  return { inteiro: escalar(a) - escalar(b), escala };
}

/** Whether `a` and `b` are the same value ("10.50" and "10.5"). */
export const iguais = (a: DecimalTexto, b: DecimalTexto): boolean => subtrair(a, b).inteiro === 0n;

/** Sign of `d`: -1, 0 or 1. */
export const sinal = (d: DecimalTexto): -1 | 0 | 1 => (d.inteiro < 0n ? -1 : d.inteiro > 0n ? 1 : 0);

/** Groups the integer digits of a fixed text by thousands with '.' and swaps the decimal point for ',' ("-1234.5" → "-1.234,5"). */
export function agruparBr(fixo: string): string {
  const negativo = fixo.startsWith('-');
  const [inteiro, decimais] = fixo.replace('-', '').split('.');
  return `${negativo ? '-' : ''}${inteiro.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}${decimais ? `,${decimais}` : ''}`;
}
