import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of a downloaded PDF, every page, spaces collapsed. */
export const textoDoPdf = async (arquivo: string) => {
  const pdf = await getDocument({ data: new Uint8Array(readFileSync(arquivo)), useSystemFonts: true }).promise;
  const partes: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const pagina = await (await pdf.getPage(i)).getTextContent();
    partes.push(pagina.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  return partes.join('\n').replace(/\s+/g, ' ');
};
