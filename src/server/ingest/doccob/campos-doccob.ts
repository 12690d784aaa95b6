import { ehDataIso } from '../../../contracts/common';
import type { Campo } from './layout-doccob';

/** A line that cannot be read: the reader turns it into the file's one refusal reason. */
export class RecusaDoccob extends Error {}

const DATA = /^(\d{2})(\d{2})(\d{4})$/;

/** Digits with implied decimals as an exact decimal string ("000000002281304", 2 → "22813.04"). */
function decimalImplicito(digitos: string, casas: number): string {
  const limpo = digitos.replace(/^0+(?=\d)/, '');
  if (casas === 0) return limpo;
  const cheio = limpo.padStart(casas + 1, '0');
  return `${cheio.slice(0, -casas)}.${cheio.slice(-casas)}`;
}

/** DDMMAAAA → YYYY-MM-DD when it is a calendar date the API accepts (contracts' ehDataIso); undefined otherwise. */
function dataDdMmAaaa(texto: string): string | undefined {
  const m = DATA.exec(texto);
  const iso = m ? `${m[3]}-${m[2]}-${m[1]}` : '';
  return ehDataIso(iso) ? iso : undefined;
}

/**
 * Slices a line (by characters) into its fields. Blank N and D fields (and all-zero dates) are null; an N
 * field with anything but digits (a "." or "," where the layout implies decimals) and a date that is not
 * one are refused, naming the line, the record and the field.
 */
export function lerCampos(linha: string, numero: number, campos: Campo[]): Record<string, string | null> {
  const valores: Record<string, string | null> = {};
  for (const c of campos) {
    const texto = linha.slice(c.inicio - 1, c.inicio - 1 + c.tamanho).trim();
    if (c.tipo === 'A') valores[c.nome] = texto;
    else if (texto === '' || (c.tipo === 'D' && /^0+$/.test(texto))) valores[c.nome] = null;
    else if (c.tipo === 'N') {
      if (!/^\d+$/.test(texto)) recusar(linha, numero, c, texto, c.casas ? `valor com ${c.casas} casas decimais implícitas deve ter só dígitos` : 'deve ter só dígitos');
      valores[c.nome] = c.casas ? decimalImplicito(texto, c.casas) : texto;
    } else valores[c.nome] = dataDdMmAaaa(texto) ?? recusar(linha, numero, c, texto, 'data inválida (DDMMAAAA)');
  }
  return valores;
}

// Out of the loop: a closure per field cost a third of the reading time of a 10,000-record file.
function recusar(linha: string, numero: number, c: Campo, texto: string, porque: string): never {
  throw new RecusaDoccob(`Linha ${numero}, registro ${linha.slice(0, 3)}, campo ${c.nome} (posição ${c.inicio}): ${porque} ("${texto}").`);
}
