// Double-encoded UTF-8 (issue 31): a carrier's system read UTF-8 bytes as Latin-1 (or Windows-1252) and wrote them
// out as UTF-8 again, so "Mossoró" arrives as "MossorÃ³" and "SÃO" as "SÃƒO". The repair is the inverse: each
// character back to the one byte it came from, and those bytes decoded as UTF-8. It is applied only when it is
// unambiguous: every character is one byte of Latin-1 or Windows-1252, the bytes are valid UTF-8 (a lone "Ã" in a
// legitimate name, "João" or "São" already right are not: their bytes are no UTF-8), and the result differs. Pure.

/** Windows-1252's characters for the bytes 0x80-0x9F (Latin-1 has C1 controls there). */
const CP1252: Readonly<Record<number, number>> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02c6: 0x88,
  0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91, 0x2019: 0x92, 0x201c: 0x93,
  0x201d: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98, 0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b,
  0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};

/** A UTF-8 lead byte (Ã, Â, Ä... as Latin-1) followed by a continuation byte: what double encoding looks like. */
const SINAL = /[\u00c2-\u00f4][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]/;

const decodificador = new TextDecoder('utf-8', { fatal: true });

/** The text's characters as the bytes they were, or null when one of them is no single Latin-1/Windows-1252 byte. */
function bytesOriginais(texto: string): Uint8Array | null {
  const bytes = new Uint8Array(texto.length);
  for (let i = 0; i < texto.length; i++) {
    const c = texto.charCodeAt(i);
    const b = c <= 0xff ? c : CP1252[c];
    if (b === undefined) return null;
    bytes[i] = b;
  }
  return bytes;
}

/** The repaired text when `texto` is unambiguously double-encoded UTF-8; null when it is not (leave it as it is). */
export function repararCodificacaoDupla(texto: string): string | null {
  if (!SINAL.test(texto)) return null;
  const bytes = bytesOriginais(texto);
  if (!bytes) return null;
  let reparado: string;
  try {
    reparado = decodificador.decode(bytes);
  } catch {
    return null;
  }
  // A control character would be a byte that was never text (Latin-1's C1 range decoded alone).
  if (reparado.includes('\ufffd') || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(reparado)) return null;
  return reparado === texto ? null : reparado;
}

/** The text repaired when it is double-encoded, else unchanged. */
export const semCodificacaoDupla = (texto: string) => repararCodificacaoDupla(texto) ?? texto;
