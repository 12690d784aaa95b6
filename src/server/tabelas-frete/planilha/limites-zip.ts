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
// known without inflating anything. Read by hand (a few fixed offsets of the zip format, APPNOTE 4.3.12/4.3.16)
// rather than through a library's internals. A ZIP64 file marks its sizes 0xFFFFFFFF: over any limit here.

export type LimitesPlanilha = { [K in keyof typeof LIMITES_PLANILHA]: number };

export interface EntradaZip {
  nome: string;
  descompactado: number;
}

const ASSINATURA_FIM = 0x06054b50;
const ASSINATURA_CENTRAL = 0x02014b50;

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
    entradas.push({ nome: nomes.decode(bytes.subarray(p + 46, p + 46 + tamNome)), descompactado: dv.getUint32(p + 24, true) });
    p += 46 + tamNome + tamExtra + tamComentario;
  }
  if (entradas.length === 0 || (declaradas !== 0xffff && entradas.length !== declaradas)) return null;
  return entradas;
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
  return null;
}
