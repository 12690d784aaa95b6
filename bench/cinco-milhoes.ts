// Issue 33, 5,000,000 CT-es on PostgreSQL: the same calls measured at 1,000,000 CT-es and again after 4,000,000
// more were generated (same twelve months, same spreads: every month holds five times the rows), printed side by
// side with the ratio (target ≤ 1.5×): the CT-e list, the palette's CT-e search, linking a DOCCOB of 5,000 CT-es
// and the indicator charts' summary. Figures only, never assertions.
// Alone: npm run bench -- cincoMilhoes. BENCH_5M_BASE (default 1000000) and BENCH_5M_TOTAL (default 5000000)
// change the two sizes.
import { gerarCtes } from '../src/server/demo/gerar-ctes';
import { mesSaoPaulo } from '../src/domain/sao-paulo-date';
import { lerArquivoDoccob } from '../src/server/faturas/ler-arquivo-doccob';
import type { CompanyDatabase } from '../src/server/db/database';
import { comBancosGerados, emCadaBanco, mil, type Servidor } from './bancos-bench';
import { amostras, consultasLista, textosPaleta } from './ctes';
import { doccobGrande } from './faturas-leitura';
import { carga, quantil, time } from './measure';

const BASE = Number(process.env.BENCH_5M_BASE ?? 1_000_000);
const TOTAL = Number(process.env.BENCH_5M_TOTAL ?? 5_000_000);
const REPETICOES = 30;

/** One measured row: p50 and p95 in ms (a batch measured once: both are its time) and the load when measured. */
interface Figura {
  p50: number;
  p95: number;
  carga: string;
  nota?: string;
}

/** A GET timed: one warm-up, then REPETICOES calls. */
async function amostrar(s: Servidor, caminho: string): Promise<Figura> {
  const pedir = async () => {
    const r = await fetch(`${s.url}${caminho}`, { headers: { authorization: s.token } });
    if (!r.ok) throw new Error(`${caminho}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<{ totalElements?: number }>;
  };
  const corpo = await pedir();
  const xs: number[] = [];
  for (let i = 0; i < REPETICOES; i++) xs.push((await time(pedir))[0]);
  return { p50: quantil(xs, 0.5), p95: quantil(xs, 0.95), carga: carga(), nota: corpo.totalElements === undefined ? undefined : `${mil(corpo.totalElements)} encontrados` };
}

type Amostras = Awaited<ReturnType<typeof amostras>>;

/** Every row at the current size, in a fixed order (the same sample values at both sizes). */
async function medirTudo(s: Servidor, banco: CompanyDatabase, a: Amostras, fatura: string): Promise<Map<string, Figura>> {
  const figuras = new Map<string, Figura>();
  for (const [rotulo, q] of consultasLista(a)) figuras.set(`lista: ${rotulo}`, await amostrar(s, `/api/ctes/listar-simples?${q}`));
  for (const [rotulo, texto] of textosPaleta(a))
    for (const caminho of [`/api/ctes?cte=${texto}`, `/api/busca?q=${texto}`]) figuras.set(`paleta: GET ${caminho.replace(/=.*/, '=')}… (${rotulo})`, await amostrar(s, caminho));
  const { dataIni, dataFim } = mesSaoPaulo();
  const resumo = `/api/vw/frete-indicadores-resumo?filtroRadioGroup=NF&dataEmissao_inicio=${dataIni}&dataEmissao_fim=${dataFim}`;
  figuras.set('indicadores: resumo dos gráficos, mês corrente', await amostrar(s, resumo));
  const arquivo = await doccobGrande(banco, fatura);
  const [ms, r] = await time(() => lerArquivoDoccob(banco.db, arquivo.nome, arquivo.bytes));
  if (r.tipo !== 'LIDA') throw new Error(`DOCCOB do benchmark não foi lido: ${JSON.stringify(r)}`);
  figuras.set(`fatura: leitura e vínculo de um DOCCOB de ${mil(arquivo.linhas)} CT-es`, { p50: ms, p95: ms, carga: carga(), nota: `${mil(r.ctesVinculados)} vinculados` });
  return figuras;
}

/** Progress on stderr (a run takes over an hour): which phase, so other work keeps off the measured ones. */
const marcar = (linha: string) => console.error(`[cincoMilhoes ${new Date().toISOString()}] ${linha}`);

const ms = (x: number) => `${x.toFixed(1)} ms`;

/** One line per row: both sizes' figures, each with its load, and the p95 ratio. */
function ladoALado(antes: Map<string, Figura>, depois: Map<string, Figura>): string[] {
  return [...antes].map(([rotulo, a]) => {
    const d = depois.get(rotulo)!;
    const lado = (f: Figura, n: number) => `${mil(n)}: p50 ${ms(f.p50)}, p95 ${ms(f.p95)} (${f.carga}${f.nota ? `; ${f.nota}` : ''})`;
    return `${rotulo} — ${lado(a, BASE)} → ${lado(d, TOTAL)}; p95 ${(d.p95 / a.p95).toFixed(2)}×`;
  });
}

const medir = (nome: string, local: { databaseUrl?: string; dataDir?: string }) =>
  comBancosGerados(nome, local, BASE, async ({ banco, servir }) => {
    const s = await servir();
    const a = await amostras(banco);
    marcar(`medindo com ${mil(BASE)}`);
    const antes = await medirTudo(s, banco, a, '995001');
    const gerado = await gerarCtes(banco, TOTAL - BASE, { log: marcar });
    marcar(`medindo com ${mil(TOTAL)}`);
    const depois = await medirTudo(s, banco, a, '995002');
    marcar('fim');
    return [`${nome}: mais ${mil(gerado.quantidade)} CT-es gerados em ${(gerado.ms / 1000).toFixed(0)} s (${carga()})`, ...ladoALado(antes, depois).map((l) => `${nome}, ${l}`)];
  });

export async function benchCincoMilhoes(): Promise<string[]> {
  return emCadaBanco('pg', 'cincomilhoes', medir);
}
