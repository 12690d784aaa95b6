import Decimal from 'decimal.js';
import { ehDataIso } from '../../contracts/common';
import { chaveDescricao } from '../frete/chave-descricao';
import { NAO, SIM, type TipoColuna } from './layout';

// Reading one cell of the workbook (or of the CSV) by its column's type. Numbers come out exact: a numeric cell
// holds a binary double, and Excel itself keeps only 15 significant digits, so the double is read back through
// 15 significant digits (0.1 + 0.2 saved as 0.30000000000000004 reads 0.3) and must then fit the column's scale.
// Text is read the pt-BR way (see lerNumeroTexto). Messages start in lower case: they follow "coluna X: ".

/** A cell as the reader hands it over: text, number, boolean, date (exceljs' UTC midnight), or empty. */
export type Celula = string | number | boolean | Date | null;

export type ValorLido = string | number | boolean | null;
export type ResultadoCelula = { ok: true; valor: ValorLido } | { ok: false; mensagem: string };

const ok = (valor: ValorLido): ResultadoCelula => ({ ok: true, valor });
const falha = (mensagem: string): ResultadoCelula => ({ ok: false, mensagem });

export const celulaVazia = (c: Celula): boolean => c === null || (typeof c === 'string' && c.trim() === '');

/** A cell shown as text (for messages and text columns). */
export function textoCelula(c: Celula): string {
  if (c === null) return '';
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? '' : c.toISOString().slice(0, 10);
  if (typeof c === 'boolean') return c ? SIM : NAO;
  return String(c).trim();
}

/** Decimal text in canonical form ("1234.5", "0"), the shape of the table's decimal fields. */
export const decimalCanonico = (d: Decimal): string => d.toFixed();

/**
 * pt-BR text → Decimal, or null when it is not a number. Accepted: "1234,56", "1.234,56", "1234.56", "0,5",
 * "1.234.567". The ambiguous "1.234" (a dot followed by exactly three digits, the leading group 1–999 without a
 * leading zero) is read as thousands grouping: 1234, the way the console reads typed numbers (spec 01 §5); a
 * single dot anywhere else ("1234.5", "0.125", "12.3456") is a decimal point. "1,234.56" and other mixes are refused.
 */
export function lerNumeroTexto(texto: string): Decimal | null {
  const t = texto.trim().replace(/^R\$\s*/, '').replace(/\s/g, '');
  if (t.startsWith('-')) {
    const d = lerNumeroTexto(t.slice(1));
    return d === null ? null : d.negated();
  }
  let normal: string | null = null;
  if (/^\d+(,\d+)?$/.test(t)) normal = t.replace(',', '.');
  else if (/^[1-9]\d{0,2}(\.\d{3})+(,\d+)?$/.test(t)) normal = t.replace(/\./g, '').replace(',', '.');
  else if (/^\d+\.\d+$/.test(t)) normal = t;
  return normal === null ? null : new Decimal(normal);
}

/** "500" with scale 3 → "500,000" (the places' messages quote values the way a pt-BR sheet shows them). */
export function formatarDecimalBr(valor: string, escala: number): string {
  const [inteiro, fracao] = new Decimal(valor).toFixed(escala).split('.');
  const agrupado = inteiro.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return fracao ? `${agrupado},${fracao}` : agrupado;
}

function lerDecimal(c: Celula, escala: number): ResultadoCelula {
  const texto = textoCelula(c);
  let d: Decimal | null;
  if (typeof c === 'number') d = Number.isFinite(c) ? new Decimal(c.toPrecision(15)) : null;
  else if (typeof c === 'string') d = lerNumeroTexto(c);
  else d = null;
  if (d === null) return falha(`"${texto}" não é um número; use 1.234,56 ou 1234,56.`);
  if (d.isNegative() && !d.isZero()) return falha(`não pode ser negativo ("${texto}").`);
  if (d.decimalPlaces() > escala) return falha(`aceita no máximo ${escala} casas decimais ("${texto}").`);
  if (d.abs().gte('1e10')) return falha(`passa de 10 dígitos inteiros ("${texto}").`);
  return ok(decimalCanonico(d.abs()));
}

function lerInteiro(c: Celula): ResultadoCelula {
  const texto = textoCelula(c);
  if (typeof c === 'number' && Number.isSafeInteger(c) && c >= 0) return ok(c);
  if (typeof c === 'string' && /^\d{1,15}$/.test(texto)) return ok(Number(texto));
  return falha(`"${texto}" não é um número inteiro não negativo.`);
}

/** Date cell, "dd/mm/aaaa" text or ISO "aaaa-mm-dd" → ISO. */
function lerData(c: Celula): ResultadoCelula {
  const texto = textoCelula(c);
  let iso: string | null = null;
  if (c instanceof Date) iso = texto;
  else if (typeof c === 'string') {
    const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(texto);
    iso = br ? `${br[3]}-${br[2].padStart(2, '0')}-${br[1].padStart(2, '0')}` : /^\d{4}-\d{2}-\d{2}$/.test(texto) ? texto : null;
  }
  return iso && ehDataIso(iso) ? ok(iso) : falha(`"${texto}" não é uma data; use dd/mm/aaaa.`);
}

const VERDADES = new Set(['sim', 's', 'true', 'verdadeiro', 'v', '1', 'x']);
const FALSOS = new Set(['nao', 'n', 'false', 'falso', 'f', '0']);
function lerSimNao(c: Celula): ResultadoCelula {
  if (typeof c === 'boolean') return ok(c);
  const chave = chaveDescricao(textoCelula(c));
  if (chave === '' || FALSOS.has(chave)) return ok(false);
  if (VERDADES.has(chave)) return ok(true);
  return falha(`"${textoCelula(c)}" não é ${SIM} nem ${NAO}.`);
}

function lerLista(c: Celula, valores: readonly string[], rotulos?: Readonly<Record<string, string>>): ResultadoCelula {
  const chave = chaveDescricao(textoCelula(c)).replace(/[\s-]/g, '_');
  const achado = valores.find((v) => chaveDescricao(v) === chave || (rotulos?.[v] !== undefined && chaveDescricao(rotulos[v]).replace(/[\s-]/g, '_') === chave));
  return achado ? ok(achado) : falha(`"${textoCelula(c)}" não é um valor aceito; use ${valores.join(', ')}.`);
}

function lerDocumento(c: Celula, cpf: boolean): ResultadoCelula {
  // A number cell lost its leading zeros: put them back (11 digits for a CPF, 14 for a CNPJ).
  let digitos = typeof c === 'number' && Number.isSafeInteger(c) ? String(c) : textoCelula(c).replace(/[.\-/\s]/g, '');
  if (typeof c === 'number') digitos = digitos.padStart(cpf && digitos.length <= 11 ? 11 : 14, '0');
  if (/^\d{14}$/.test(digitos) || (cpf && /^\d{11}$/.test(digitos))) return ok(digitos);
  return falha(`"${textoCelula(c)}" não é ${cpf ? 'um CPF (11 dígitos) nem um CNPJ (14 dígitos)' : 'um CNPJ (14 dígitos)'}.`);
}

/** One non-empty cell by its column's type (empty cells are the caller's: null, or "é obrigatório."). */
export function lerCelula(c: Celula, t: TipoColuna): ResultadoCelula {
  switch (t.tipo) {
    case 'texto':
      // The writer's apostrophe before a formula-like text (escrever-planilha.ts) is not part of the value.
      return ok(textoCelula(c).replace(/^'(?=[=+\-@\t\r])/, ''));
    case 'inteiro':
      return lerInteiro(c);
    case 'decimal':
      return lerDecimal(c, t.escala);
    case 'data':
      return lerData(c);
    case 'simNao':
      return lerSimNao(c);
    case 'lista':
      return lerLista(c, t.valores, t.rotulos);
    case 'documento':
      return lerDocumento(c, t.cpf);
    case 'uf': {
      const sigla = textoCelula(c).toUpperCase();
      return /^[A-Z]{2}$/.test(sigla) ? ok(sigla) : falha(`"${textoCelula(c)}" não é uma sigla de UF.`);
    }
  }
}
