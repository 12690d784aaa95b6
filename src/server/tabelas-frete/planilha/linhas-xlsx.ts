import JSZip from 'jszip';

// The rows of each sheet of an .xlsx counted before exceljs loads it (exceljs builds the whole workbook in memory:
// a sheet past the row limit must be refused before that). Each worksheet's XML is inflated as a stream and its
// <row elements counted chunk by chunk, stopping at the limit; the sheets' names come from workbook.xml and its
// relationships (small files).

const atributo = (tag: string, nome: string) => new RegExp(`\\s${nome}="([^"]*)"`).exec(tag)?.[1] ?? null;
const semEntidades = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** Sheet name → path of its XML inside the zip. */
async function caminhosDasAbas(zip: JSZip): Promise<Map<string, string>> {
  const livro = (await zip.file('xl/workbook.xml')?.async('string')) ?? '';
  const rels = (await zip.file('xl/_rels/workbook.xml.rels')?.async('string')) ?? '';
  const alvos = new Map((rels.match(/<Relationship\b[^>]*>/g) ?? []).map((t) => [atributo(t, 'Id'), atributo(t, 'Target')]));
  const caminhos = new Map<string, string>();
  for (const tag of livro.match(/<(?:\w+:)?sheet\b[^>]*>/g) ?? []) {
    const nome = atributo(tag, 'name');
    const alvo = alvos.get(atributo(tag, 'r:id'));
    if (nome && alvo) caminhos.set(semEntidades(nome), alvo.startsWith('/') ? alvo.slice(1) : `xl/${alvo}`);
  }
  return caminhos;
}

const MARCA = Buffer.from('<row ');

/** Whether the XML at `caminho` has more than `limite` rows (inflated as a stream, stopped as soon as it has). */
function passaDe(zip: JSZip, caminho: string, limite: number): Promise<boolean> {
  const arquivo = zip.file(caminho);
  if (!arquivo) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    const fluxo = arquivo.nodeStream('nodebuffer') as NodeJS.ReadableStream & { destroy?: () => void };
    let linhas = 0;
    let resto = Buffer.alloc(0);
    fluxo.on('data', (parte: Buffer) => {
      const b = Buffer.concat([resto, parte]);
      for (let i = b.indexOf(MARCA); i >= 0; i = b.indexOf(MARCA, i + MARCA.length)) linhas++;
      // A mark split between two chunks is found in the next one.
      resto = b.subarray(Math.max(0, b.length - MARCA.length + 1));
      if (linhas > limite) {
        fluxo.removeAllListeners('data');
        fluxo.pause();
        resolve(true);
      }
    });
    fluxo.on('end', () => resolve(linhas > limite));
    fluxo.on('error', reject);
  });
}

/** The name of the first sheet with more than `limite` rows, or null. */
export async function abaComLinhasDemais(bytes: Uint8Array, limite: number): Promise<string | null> {
  const zip = await JSZip.loadAsync(bytes);
  for (const [nome, caminho] of await caminhosDasAbas(zip)) if (await passaDe(zip, caminho, limite)) return nome;
  return null;
}
