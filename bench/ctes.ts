// CT-e benchmark (issues 5 and 17): latency of GET /api/ctes/listar-simples with 1,000,000 CT-es, on
// PostgreSQL and on PGlite (p50 and p99, with the load average next to each), and audit throughput over
// 100,000 CT-es. Prints figures only; never asserts on time.
// Alone: npx tsx -e "import('./bench/ctes.ts').then(async m => console.log((await m.benchCtes()).join('\n')))"
// BENCH_CTES (default 1000000) and BENCH_CTES_AUDITORIA (default 100000; 0 skips the audit) change the
// sizes; BENCH_CTES_BANCOS=pg or pglite runs one database only.
import { sql } from 'drizzle-orm';
import { mesSaoPaulo } from '../src/domain/sao-paulo-date';
import { auditarCtes } from '../src/server/auditoria/auditar-ctes';
import type { CompanyDatabase } from '../src/server/db/database';
import { comBancosGerados, emCadaBanco, linhas, medirChamadas, medirConsulta } from './bancos-bench';
import { carga, time } from './measure';

const QUANTIDADE = Number(process.env.BENCH_CTES ?? 1_000_000);
const AUDITORIA = Number(process.env.BENCH_CTES_AUDITORIA ?? 100_000);

/** Sample filter values taken from the generated data, so every query finds rows. */
export async function amostras(banco: CompanyDatabase) {
  const [c] = linhas<{ transportadora_id: number; numero: number; chave: string; codigo_municipio_destino: number; cliente_id: number | null }>(
    await banco.db.execute(sql`select transportadora_id, numero, chave, codigo_municipio_destino, cliente_id from cte where transportadora_id is not null and cliente_id is not null order by id desc limit 1 offset 5000`),
  );
  const [n] = linhas<{ numero: number }>(await banco.db.execute(sql`select numero from cte_nota where numero is not null order by id desc limit 1 offset 7000`));
  return { ...c, numeroNf: n.numero };
}


/** The list calls measured: issue 17's three, then the screen's own and the filters (a label and the query). */
export function consultasLista(a: Awaited<ReturnType<typeof amostras>>): [string, string][] {
  const ano = new Date().getFullYear();
  const mes = mesSaoPaulo();
  return [
    // Issue 17's three calls (target p99 ≤ 100 ms on PostgreSQL, ≤ 200 ms on PGlite), then the screen's own.
    ['padrão (mês corrente, tomador REMETENTE, 50 por página)', ''],
    ['200 por página ordenada por valor', 'size=200&sort=valorTotal,desc'],
    ['página 40 do mês corrente', 'page=40'],
    ['como a tela Fretes pede (datas do mês e tomador na consulta)', `dataIni=${mes.dataIni}&dataFim=${mes.dataFim}&tomadorServico=REMETENTE`],
    ['status AUDITADO / FALHA', 'status=AUDITADO&auditoria=FALHA'],
    ['uma transportadora, 12 meses', `transportadora=${a.transportadora_id}&dataIni=${ano - 1}-01-01&dataFim=${ano}-12-31`],
    ['um cliente e um destino, 12 meses', `cliente=${a.cliente_id}&municipioDestino=${a.codigo_municipio_destino}&dataIni=${ano - 1}-01-01&dataFim=${ano}-12-31`],
    ['nº do CT-e, 12 meses, todos os tomadores', `numeroCte=${a.numero}&tomadorServico=TODOS&dataIni=${ano - 1}-01-01&dataFim=${ano}-12-31`],
    ['chave do CT-e', `chave=${a.chave}&tomadorServico=TODOS&dataIni=${ano - 1}-01-01&dataFim=${ano}-12-31`],
    ['nº da NF, 12 meses', `numeroNf=${a.numeroNf}&tomadorServico=TODOS&dataIni=${ano - 1}-01-01&dataFim=${ano}-12-31`],
  ];
}

async function medirLista(url: string, token: string, banco: CompanyDatabase): Promise<string[]> {
  const consultas = consultasLista(await amostras(banco));
  const figuras: string[] = [];
  for (const [rotulo, q] of consultas) {
    const { latencia, totalElements } = await medirConsulta(url, token, `/api/ctes/listar-simples?${q}`, `listar-simples ${q}`);
    figuras.push(`${rotulo}: ${latencia}, ${carga()}; ${totalElements.toLocaleString('pt-BR')} encontrados`);
  }
  return figuras;
}

/** The palette's searched texts: a key prefix that names nearly every CT-e, a number prefix, an exact key. */
export const textosPaleta = (a: Awaited<ReturnType<typeof amostras>>): [string, string][] => [
  ['prefixo de chave de quase todos', a.chave.slice(0, 3)],
  ['prefixo de número (3 dígitos)', String(a.numero).slice(0, 3)],
  ['chave inteira', a.chave],
];

/**
 * The palette's CT-e search at this size: GET /ctes?cte= and GET /busca?q= for a key prefix that names
 * nearly every CT-e ("35", São Paulo's UF, then the year's first digit), a number prefix and an exact key.
 */
async function medirAutocompletar(url: string, token: string, banco: CompanyDatabase): Promise<string[]> {
  const figuras: string[] = [];
  for (const [rotulo, texto] of textosPaleta(await amostras(banco))) {
    for (const caminho of [`/api/ctes?cte=${texto}`, `/api/busca?q=${texto}`]) {
      const { latencia, corpo } = await medirChamadas<unknown[] | { grupos: { hits: unknown[] }[] }>(url, token, caminho, caminho);
      const achados = Array.isArray(corpo) ? corpo.length : corpo.grupos.reduce((n, g) => n + g.hits.length, 0);
      figuras.push(`GET ${caminho.replace(/=.*/, '=')}… (${rotulo}, "${texto.slice(0, 12)}${texto.length > 12 ? '…' : ''}"): ${latencia}, ${carga()}; ${achados} resultados`);
    }
  }
  return figuras;
}

/** AUDITORIA CT-es with a carrier and weight made PROCESSADO, then audited 1,000 per call (the API's batch). */
async function medirAuditoria(banco: CompanyDatabase): Promise<string> {
  const ids = linhas<{ id: number }>(
    await banco.db.execute(sql`
      update cte set status = 'PROCESSADO'
      where id in (select id from cte where transportadora_id is not null and peso_bruto > 0 and status not in ('CANCELADO', 'DESCONSIDERADO') order by id desc limit ${AUDITORIA})
      returning id`),
  ).map((r) => r.id);
  let auditados = 0;
  const [ms] = await time(async () => {
    for (let i = 0; i < ids.length; i += 1000) auditados += (await auditarCtes(banco, ids.slice(i, i + 1000), null)).processados;
  });
  return `auditoria: ${auditados.toLocaleString('pt-BR')} de ${ids.length.toLocaleString('pt-BR')} CT-es em ${(ms / 1000).toFixed(1)} s = ${Math.round(auditados / (ms / 1000)).toLocaleString('pt-BR')} CT-es/s, ${carga()}`;
}

const medir = (nome: string, local: { dataDir?: string; databaseUrl?: string }) =>
  comBancosGerados(nome, local, QUANTIDADE, async ({ banco, servir }) => {
    const figuras: string[] = [];
    const { url, token } = await servir();
    figuras.push(...(await medirLista(url, token, banco)).map((f) => `${nome}, GET /api/ctes/listar-simples, ${f}`));
    figuras.push(...(await medirAutocompletar(url, token, banco)).map((f) => `${nome}, paleta, ${f}`));
    if (AUDITORIA > 0) figuras.push(`${nome}, ${await medirAuditoria(banco)}`);
    return figuras;
  });

export async function benchCtes(): Promise<string[]> {
  return emCadaBanco(process.env.BENCH_CTES_BANCOS, 'ctes', medir);
}
