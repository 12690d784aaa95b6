import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pdfmake, { type DocumentoPdf } from 'pdfmake';

// pdfmake on the server reads fonts from files: Roboto ships inside the package. Nothing else on disk
// or on the network may be read while a document is built (a report never embeds outside resources).
const require = createRequire(import.meta.url);
const PASTA_FONTES = join(dirname(require.resolve('pdfmake/build/fonts/Roboto/Roboto-Regular.ttf')));
pdfmake.setFonts({
  Roboto: {
    normal: join(PASTA_FONTES, 'Roboto-Regular.ttf'),
    bold: join(PASTA_FONTES, 'Roboto-Medium.ttf'),
    italics: join(PASTA_FONTES, 'Roboto-Italic.ttf'),
    bolditalics: join(PASTA_FONTES, 'Roboto-MediumItalic.ttf'),
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((caminho: string) => caminho.startsWith(PASTA_FONTES));

/** Builds a PDF in memory (reports here are a few pages; long exports stream elsewhere). */
export function gerarPdf(documento: DocumentoPdf): Promise<Buffer> {
  return pdfmake.createPdf(documento).getBuffer();
}
