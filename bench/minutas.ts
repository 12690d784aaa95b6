// Minuta benchmark, on PostgreSQL and on PGlite: "Ler ConEmb's" of a CONEMB of 10,000
// conhecimentos (target ≤ 10 s on PostgreSQL) and "Converter Minutas" of them; GET /api/minutas with 100,000
// minutas (target p99 ≤ 100 ms); POST /api/minutas/confirmar with 1,000 ids in one call; "Converter CT-es".
// Alone: npx tsx -e "import('./bench/minutas.ts').then(async m => console.log((await m.benchMinutas()).join('\n')))"
// BENCH_MINUTAS (default 100000) changes the list size; BENCH_MINUTAS_BANCOS=pg or pglite runs one database only.
import { comBancosGerados, emCadaBanco, mil } from './bancos-bench';
import { medirImportacao } from './minutas-importacao';
import { gerarMinutas, medirConfirmacao, medirListaMinutas } from './minutas-lista';

const MINUTAS = Number(process.env.BENCH_MINUTAS ?? 100_000);
/** The CT-es "Converter CT-es" may link to: a small generated set is enough. */
const CTES = 10_000;

/** Each figure also goes to stderr as it is measured: a long run shows where it is. */
const anotar = (figuras: string[], novas: string[]) => {
  for (const f of novas) process.stderr.write(`  ${f}\n`);
  figuras.push(...novas);
};

const medir = (nome: string, local: { dataDir?: string; databaseUrl?: string }) =>
  comBancosGerados(nome, local, CTES, async ({ banco, servir }) => {
    const figuras: string[] = [];
    anotar(figuras, await medirImportacao(nome, banco));
    const ms = await gerarMinutas(banco, MINUTAS);
    anotar(figuras, [`${nome}: ${mil(MINUTAS)} minutas gravadas por SQL em ${(ms / 1000).toFixed(1)} s`]);
    const servidor = await servir();
    anotar(figuras, (await medirListaMinutas(servidor, banco)).map((f) => `${nome}, GET /api/minutas com ${mil(MINUTAS)} minutas, ${f}`));
    anotar(figuras, await medirConfirmacao(nome, servidor, banco));
    return figuras;
  });

export async function benchMinutas(): Promise<string[]> {
  return emCadaBanco(process.env.BENCH_MINUTAS_BANCOS, 'minutas', medir);
}
