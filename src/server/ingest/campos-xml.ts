// Reading fields of a parsed XML tree (fast-xml-parser's object: attributes under "@", text under "#text"),
// for the CT-e reader (cte-xml.ts). A missing or malformed field throws LeituraInvalida
// with a Portuguese reason naming the field; the reader turns it into the file's refusal.

export type No = Record<string, unknown>;

export class LeituraInvalida extends Error {}
export const falha = (motivo: string): never => {
  throw new LeituraInvalida(motivo);
};

export const no = (v: unknown): No | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as No) : null);
export const texto = (pai: No | null, campo: string): string | null => {
  const v = pai?.[campo];
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') return no(v)?.['#text'] !== undefined ? String(no(v)!['#text']).trim() || null : null;
  const t = String(v).trim();
  return t === '' ? null : t;
};
export const obrigatorio = (pai: No | null, campo: string, onde: string): string => texto(pai, campo) ?? falha(`Campo obrigatório ausente: ${onde}/${campo}.`);
const DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;
export const decimal = (pai: No | null, campo: string, onde: string): string | null => {
  const v = texto(pai, campo);
  if (v !== null && !DECIMAL.test(v)) falha(`Valor inválido em ${onde}/${campo}: "${v.slice(0, 30)}".`);
  return v;
};
export const inteiro = (pai: No | null, campo: string, onde: string): number => {
  const v = obrigatorio(pai, campo, onde);
  if (!/^\d{1,9}$/.test(v)) falha(`Valor inválido em ${onde}/${campo}: "${v.slice(0, 30)}".`);
  return Number(v);
};
/** Free text whose line breaks and indentation are the file's layout, not its content. */
export const textoCorrido = (pai: No | null, campo: string): string | null => texto(pai, campo)?.replace(/\s+/g, ' ') ?? null;
export const percentual = (pai: No | null, campo: string, onde: string): string | null => {
  const v = decimal(pai, campo, onde);
  if (v !== null && (v.startsWith('-') || Number(v) > 100)) falha(`Valor inválido em ${onde}/${campo}: "${v}" (o percentual vai de 0 a 100).`);
  return v;
};
/**
 * The later fields (docs/decisoes.md §9) go in only when the XML has them: absent stays absent, as in
 * documents read before.
 */
export const presentes = <T extends Record<string, unknown>>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
export const lista = (v: unknown): No[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map(no).filter((x): x is No => x !== null);
