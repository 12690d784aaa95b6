import { inflateRawSync } from 'node:zlib';
import {
  LIMITES_PLANILHA,
  MSG_PLANILHA_GRANDE,
  MSG_PLANILHA_ILEGIVEL,
  msgPlanilhaAbas,
  msgPlanilhaDescompactada,
  msgPlanilhaEntradasZip,
} from '../../../contracts/planilha-tabela';

// Limits checked before a byte is decompressed (zip bombs): the .xlsx's central directory (at the end of the zip)
// lists every entry with its uncompressed size, so its entries, their total size and the number of sheets are
// known without inflating anything. Read by hand (a few fixed offsets of the zip format, APPNOTE 4.3.7/4.3.12/4.3.16)
// rather than through a library's internals. A ZIP64 file marks its sizes 0xFFFFFFFF: over any limit here. A bomb
// may lie in its directory: each entry is then inflated once, capped at its declared size (zlib's maxOutputLength
// stops it there), before any library opens the file, so what is read never exceeds what was counted.

export type LimitesPlanilha = { [K in keyof typeof LIMITES_PLANILHA]: number };

export interface EntradaZip {
  nome: string;
  descompactado: number;
  compactado: number;
  /** 0 stored, 8 deflated (the only methods of an .xlsx). */
  metodo: number;
  /** Where the entry's local header starts. */
  local: number;
}

const ASSINATURA_FIM = 0x06054b50;
const ASSINATURA_CENTRAL = 0x02014b50;
const ASSINATURA_LOCAL = 0x04034b50;

/** The central directory's entries, or null when `bytes` is not a readable zip. */
export function entradasZip(bytes: Uint8Array): EntradaZip[] | null {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fim = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--)
    if (dv.getUint32(i, true) === ASSINATURA_FIM) {
      fim = i;
      break;
    }
  if (fim < 0) return null;
  const declaradas = dv.getUint16(fim + 10, true);
  let p = dv.getUint32(fim + 16, true);
  const entradas: EntradaZip[] = [];
  const nomes = new TextDecoder();
  while (p + 46 <= fim && dv.getUint32(p, true) === ASSINATURA_CENTRAL) {
    const tamNome = dv.getUint16(p + 28, true);
    const tamExtra = dv.getUint16(p + 30, true);
    const tamComentario = dv.getUint16(p + 32, true);
    entradas.push({
      nome: nomes.decode(bytes.subarray(p + 46, p + 46 + tamNome)),
      metodo: dv.getUint16(p + 10, true),
      compactado: dv.getUint32(p + 20, true),
      descompactado: dv.getUint32(p + 24, true),
      local: dv.getUint32(p + 42, true),
    });
    p += 46 + tamNome + tamExtra + tamComentario;
  }
  if (entradas.length === 0 || (declaradas !== 0xffff && entradas.length !== declaradas)) return null;
  return entradas;
}

/** True when the entry's data inflates to no more than its directory says (false: a lie, or unreadable). */
function cabeNoDeclarado(bytes: Uint8Array, e: EntradaZip): boolean {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (e.local + 30 > bytes.length || dv.getUint32(e.local, true) !== ASSINATURA_LOCAL) return false;
  const inicio = e.local + 30 + dv.getUint16(e.local + 26, true) + dv.getUint16(e.local + 28, true);
  if (inicio + e.compactado > bytes.length) return false;
  if (e.metodo === 0) return e.compactado <= e.descompactado;
  if (e.metodo !== 8) return false;
  try {
    return inflateRawSync(bytes.subarray(inicio, inicio + e.compactado), { maxOutputLength: Math.max(1, e.descompactado) }).length <= e.descompactado;
  } catch {
    return false;
  }
}

/** The first limit the .xlsx passes (its message), or null when it is within all. */
export function excedeLimitesXlsx(bytes: Uint8Array, limites: LimitesPlanilha): string | null {
  if (bytes.length > limites.bytes) return MSG_PLANILHA_GRANDE;
  const entradas = entradasZip(bytes);
  if (!entradas) return MSG_PLANILHA_ILEGIVEL;
  if (entradas.length > limites.entradasZip) return msgPlanilhaEntradasZip(limites.entradasZip);
  if (entradas.reduce((s, e) => s + e.descompactado, 0) > limites.bytesDescompactados) return msgPlanilhaDescompactada(limites.bytesDescompactados);
  if (entradas.filter((e) => /^xl\/worksheets\/[^/]+\.xml$/i.test(e.nome)).length > limites.abas) return msgPlanilhaAbas(limites.abas);
  if (!entradas.some((e) => e.nome === 'xl/workbook.xml')) return MSG_PLANILHA_ILEGIVEL;
  if (!entradas.every((e) => cabeNoDeclarado(bytes, e))) return msgPlanilhaDescompactada(limites.bytesDescompactados);
  return null;
}
