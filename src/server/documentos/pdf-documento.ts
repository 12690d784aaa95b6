import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DocumentoPdf } from 'pdfmake';

// pdfmake on the server reads fonts from files: Roboto ships inside the package. Nothing else on disk
// or on the network may be read while a document is built (a report never embeds outside resources).
// Loaded with the first document, not with the server (a quarter of a second of every start and test file).
const require = createRequire(import.meta.url);
const PASTA_FONTES = join(dirname(require.resolve('pdfmake/build/fonts/Roboto/Roboto-Regular.ttf')));
let motor: Promise<(typeof import('pdfmake'))['default']> | undefined;
const pdfmake = () =>
  (motor ??= import('pdfmake').then(({ default: p }) => {
    p.setFonts({
      Roboto: {
        normal: join(PASTA_FONTES, 'Roboto-Regular.ttf'),
        bold: join(PASTA_FONTES, 'Roboto-Medium.ttf'),
        italics: join(PASTA_FONTES, 'Roboto-Italic.ttf'),
        bolditalics: join(PASTA_FONTES, 'Roboto-MediumItalic.ttf'),
      },
    });
    p.setUrlAccessPolicy(() => false);
    p.setLocalAccessPolicy((caminho: string) => caminho.startsWith(PASTA_FONTES));
    return p;
  }));

// The embedded Roboto has no arrows: a typed "→" (route names such as "SP → RJ", repeated by messages and
// calculation steps) would print as an empty box. Every text of a document gets an ASCII stand-in.
const SEM_GLIFO: [RegExp, string][] = [
  [/→/g, '->'],
  [/←/g, '<-'],
  [/↔/g, '<->'],
];

/** The definition with the stand-ins in every string (functions such as the footer are ours: left as they are). */
function imprimivel<T>(valor: T): T {
  if (typeof valor === 'string') return SEM_GLIFO.reduce((t, [de, para]) => t.replace(de, para), valor as string) as T;
  if (Array.isArray(valor)) return valor.map(imprimivel) as T;
  if (valor && Object.getPrototypeOf(valor) === Object.prototype)
    return Object.fromEntries(Object.entries(valor).map(([chave, v]) => [chave, imprimivel(v)])) as T;
  return valor;
}

/** Builds a PDF in memory (reports here are a few pages; long exports stream elsewhere). */
export async function gerarPdf(documento: DocumentoPdf): Promise<Buffer> {
  return (await pdfmake()).createPdf(imprimivel(documento)).getBuffer();
}
