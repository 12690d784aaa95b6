// Romaneios (targets: the manifest PDF of 500 items in ≤ 2 s; the list p99 ≤ 100 ms with 100,000
// manifests). The documents are each generated five times after a warm-up from the document tests' own
// sample manifests; the lists are measured on PostgreSQL and PGlite (bench/romaneios-lista.ts). Figures only.
// Alone: npx tsx -e "import('./bench/romaneios.ts').then(async m => console.log((await m.benchRomaneios()).join('\n')))"
// BENCH_ROMANEIOS (default 100000) changes the list size; BENCH_ROMANEIOS_BANCOS=pg or pglite runs one database only.
import { contratoTransporteDocx } from '../src/server/documentos/contrato-transporte-docx';
import { romaneioFretePdf } from '../src/server/documentos/romaneio-frete-pdf';
import { romaneioOsPdf } from '../src/server/documentos/romaneio-os-pdf';
import { romaneioFrete, romaneioOs } from '../tests/server/romaneio-documentos-dados';
import { comBancosGerados, emCadaBanco, mil } from './bancos-bench';
import { stats, time } from './measure';
import { gerarRomaneios, medirListasRomaneios } from './romaneios-lista';

const ITENS = 500;
const VEZES = 5;
const ROMANEIOS = Number(process.env.BENCH_ROMANEIOS ?? 100_000);

const medirListas = (nome: string, local: { dataDir?: string; databaseUrl?: string }) =>
  comBancosGerados(nome, local, 1_000, async ({ banco, servir }) => {
    const ms = await gerarRomaneios(banco, ROMANEIOS);
    const figuras = [`${nome}: ${mil(ROMANEIOS)} romaneios de cada tipo gravados por SQL em ${(ms / 1000).toFixed(1)} s`];
    for (const f of await medirListasRomaneios(await servir(), banco, ROMANEIOS)) {
      process.stderr.write(`  ${nome}, ${f}\n`);
      figuras.push(`${nome}, ${f}`);
    }
    return figuras;
  });

async function medir(nome: string, gerar: () => Promise<Buffer>): Promise<string> {
  const primeiro = await gerar();
  const xs: number[] = [];
  for (let i = 0; i < VEZES; i++) xs.push((await time(gerar))[0]);
  return `${nome} de ${ITENS} itens (${(primeiro.length / 1024).toFixed(0)} KiB): ${stats(xs)}`;
}

export async function benchRomaneios(): Promise<string[]> {
  const frete = romaneioFrete(ITENS);
  const os = romaneioOs(ITENS);
  return [
    await medir('PDF do romaneio de frete', () => romaneioFretePdf(frete)),
    await medir('PDF do romaneio de O.S.', () => romaneioOsPdf(os)),
    await medir('contrato de transporte (DOCX)', () => contratoTransporteDocx(frete)),
    ...(await emCadaBanco(process.env.BENCH_ROMANEIOS_BANCOS, 'romaneios', medirListas)),
  ];
}
