// Fatura benchmark: reading a DOCCOB of 5,000 CT-es and linking them against 1,000,000 CT-es,
// and the latency of GET /api/faturas with 100,000 faturas, on PostgreSQL and on PGlite. Figures only.
// Alone: npx tsx -e "import('./bench/faturas.ts').then(async m => console.log((await m.benchFaturas()).join('\n')))"
// BENCH_FATURAS_CTES (default 1000000) and BENCH_FATURAS (default 100000) change the sizes;
// BENCH_FATURAS_BANCOS=pg or pglite runs one database only.
import { comBancosGerados, emCadaBanco, mil } from './bancos-bench';
import { gerarFaturas, medirListaFaturas } from './faturas-lista';
import { medirLeitura } from './faturas-leitura';

const CTES = Number(process.env.BENCH_FATURAS_CTES ?? 1_000_000);
const FATURAS = Number(process.env.BENCH_FATURAS ?? 100_000);

const medir = (nome: string, local: { dataDir?: string; databaseUrl?: string }) =>
  comBancosGerados(nome, local, CTES, async ({ banco, servir }) => {
    const figuras = await medirLeitura(nome, banco);
    const ms = await gerarFaturas(banco, FATURAS);
    figuras.push(`${nome}: ${mil(FATURAS)} faturas gravadas por SQL em ${(ms / 1000).toFixed(1)} s`);
    const servidor = await servir();
    figuras.push(...(await medirListaFaturas(servidor.url, servidor.token, banco)).map((f) => `${nome}, GET /api/faturas com ${mil(FATURAS)} faturas, ${f}`));
    return figuras;
  });

export async function benchFaturas(): Promise<string[]> {
  return emCadaBanco(process.env.BENCH_FATURAS_BANCOS, 'faturas', medir);
}
