import { unzipSync } from 'fflate';
import type { TipoDocumento } from '../../contracts/recebimento';
import { mensagemZipIlegivel } from '../../contracts/recebimento';

// What a document is, told by its content and never by its name (issue 30): carriers mail "cte.txt", "fatura.xml",
// files with no extension. XML by its root element (a CT-e, a CT-e event, anything else ignored); PROCEDA EDI by the
// interchange header (000) and the first record after it: 35x/55x DOCCOB, 32x/52x CONEMB, 34x/54x OCOREN.

const INICIO = 4096;
const RAIZ_CTE = /<(?:[\w-]+:)?(cteProc|CTe|cteOSProc|CTeOS)[\s>/]/;
const RAIZ_EVENTO = /<(?:[\w-]+:)?(procEventoCTe|eventoCTe)[\s>/]/;

const REGISTROS_EDI: [RegExp, TipoDocumento][] = [
  [/^(35[0-5]|55[0-9])/, 'DOCCOB'],
  [/^(32[0-3]|52[0-9])/, 'CONEMB'],
  [/^(34[0-3]|54[0-9])/, 'OCOREN'],
];

export const ehZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** The document's type; a .zip is not a document (expand it with `expandirZip`). */
export function classificar(bytes: Uint8Array): TipoDocumento {
  const inicio = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, INICIO)).toString('latin1').replace(/^\uFEFF|^ï»¿/, '');
  const semEspaco = inicio.trimStart();
  if (semEspaco.startsWith('<')) {
    // The root comes first: an event's XML also names the CT-e it refers to.
    const evento = RAIZ_EVENTO.exec(semEspaco);
    const cte = RAIZ_CTE.exec(semEspaco);
    if (evento && (!cte || evento.index < cte.index)) return 'EVENTO_CTE';
    return cte ? 'CTE' : 'DESCONHECIDO';
  }
  const linhas = semEspaco.split(/\r?\n/).map((l) => l.trimEnd()).filter((l) => l.length > 0);
  if (!linhas[0]?.startsWith('000')) return 'DESCONHECIDO';
  for (const linha of linhas.slice(1, 6)) for (const [registro, tipo] of REGISTROS_EDI) if (registro.test(linha)) return tipo;
  return 'DESCONHECIDO';
}

/** Limits of one .zip: entries, the whole expanded size, one entry's size (a zip bomb is refused, not expanded). */
export const LIMITES_ZIP = { entradas: 1000, total: 200 * 1024 * 1024, entrada: 30 * 1024 * 1024 };

export type EntradaZip = { nome: string; bytes: Uint8Array };

/** The files of a .zip (folders and hidden entries left out), or the reason it cannot be expanded. */
export function expandirZip(bytes: Uint8Array): EntradaZip[] | { erro: string } {
  let total = 0;
  let entradas = 0;
  let excesso: string | null = null;
  try {
    const arquivos = unzipSync(bytes, {
      filter: (f) => {
        if (f.name.endsWith('/') || /(^|\/)(\.|__MACOSX)/.test(f.name)) return false;
        entradas++;
        total += f.originalSize;
        if (entradas > LIMITES_ZIP.entradas) excesso = `mais de ${LIMITES_ZIP.entradas} arquivos dentro dele.`;
        else if (f.originalSize > LIMITES_ZIP.entrada) excesso = `${f.name} passa de ${LIMITES_ZIP.entrada / 1024 / 1024} MB descompactado.`;
        else if (total > LIMITES_ZIP.total) excesso = `o conteúdo passa de ${LIMITES_ZIP.total / 1024 / 1024} MB descompactado.`;
        return excesso === null;
      },
    });
    if (excesso) return { erro: mensagemZipIlegivel(excesso) };
    return Object.entries(arquivos)
      .map(([nome, conteudo]) => ({ nome, bytes: conteudo }))
      .sort((a, b) => a.nome.localeCompare(b.nome));
  } catch (e) {
    return { erro: mensagemZipIlegivel(excesso ?? `${(e as Error).message}.`) };
  }
}
