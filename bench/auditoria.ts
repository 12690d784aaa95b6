// Audit benchmark: BENCH_AUDITORIA (default 100,000) generated CT-es with a carrier and a
// weight are made PROCESSADO and audited through the API (POST /api/auditorias-cte/auditar, 1,000 ids per
// call, the route's maximum), while a worker thread — its own event loop, so it measures the server and not
// itself — times GET /api/perfis in a loop: p95 idle (before) vs during the batch. Figures only.
// Alone: node --import tsx -e "import('./bench/auditoria.ts').then(async m => console.log((await m.benchAuditoria()).join('\n')))"
// BENCH_AUDITORIA_BANCOS=pg or pglite runs one database only (default pg,pglite).
import { sql } from 'drizzle-orm';
import type { CompanyDatabase } from '../src/server/db/database';
import { comBancosGerados, emCadaBanco, linhas, mil } from './bancos-bench';
import { carga, quantil } from './measure';
import { sondar as sondarUrl } from './sonda';

const QUANTIDADE = Number(process.env.BENCH_AUDITORIA ?? 100_000);
const CAMINHO_SONDA = '/api/perfis';
const AMOSTRAS_OCIOSO = 300;

const sondar = (url: string, token: string, limite: number) => sondarUrl(`${url}${CAMINHO_SONDA}`, token, limite);

const p = quantil;

/** The QUANTIDADE newest auditable CT-es made PROCESSADO (the audit's usual starting point). */
async function prepararCtes(banco: CompanyDatabase): Promise<number[]> {
  return linhas<{ id: number }>(
    await banco.db.execute(sql`
      update cte set status = 'PROCESSADO'
      where id in (select id from cte where transportadora_id is not null and peso_bruto > 0 and status not in ('CANCELADO', 'DESCONSIDERADO') order by id desc limit ${QUANTIDADE})
      returning id`),
  ).map((r) => Number(r.id));
}

async function auditarPelaApi(url: string, token: string, ids: number[]): Promise<number> {
  let auditados = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const r = await fetch(`${url}/api/auditorias-cte/auditar`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ ctes: ids.slice(i, i + 1000) }),
    });
    if (!r.ok) throw new Error(`auditar: ${r.status} ${await r.text()}`);
    auditados += ((await r.json()) as { processados: number }).processados;
  }
  return auditados;
}

const medir = (nome: string, local: { dataDir?: string; databaseUrl?: string }) =>
  // A few more than QUANTIDADE: cancelled and discarded ones are not audited.
  comBancosGerados(nome, local, Math.ceil(QUANTIDADE * 1.1), async ({ banco, servir }) => {
    const { url, token } = await servir();
    const ids = await prepararCtes(banco);
    const ocioso = await sondar(url, token, AMOSTRAS_OCIOSO).latencias;
    const cargaOcioso = carga();
    const durante = sondar(url, token, Number.POSITIVE_INFINITY);
    const t = performance.now();
    const cpu = process.cpuUsage();
    const auditados = await auditarPelaApi(url, token, ids);
    const ms = performance.now() - t;
    // The server process's CPU (its threads, the worker's included; on PGlite the database's too).
    const { user, system } = process.cpuUsage(cpu);
    const cargaLote = carga();
    durante.parar();
    const xs = await durante.latencias;
    const [p95o, p95d] = [p(ocioso, 0.95), p(xs, 0.95)];
    return [
      `${nome}, auditoria de ${mil(auditados)} de ${mil(ids.length)} CT-es pela API (1.000 por chamada): ${(ms / 1000).toFixed(1)} s = ${mil(Math.round(auditados / (ms / 1000)))} CT-es/s, CPU do processo ${((user + system) / 1e6).toFixed(1)} s (${cargaLote})`,
      `${nome}, GET ${CAMINHO_SONDA} ociosa: p50 ${p(ocioso, 0.5).toFixed(1)} ms, p95 ${p95o.toFixed(1)} ms (n=${ocioso.length}, ${cargaOcioso})`,
      `${nome}, GET ${CAMINHO_SONDA} durante a auditoria: p50 ${p(xs, 0.5).toFixed(1)} ms, p95 ${p95d.toFixed(1)} ms, máx ${Math.max(...xs).toFixed(1)} ms (n=${xs.length}, ${cargaLote}); p95 durante / ociosa = ${(p95d / p95o).toFixed(2)} ×`,
    ];
  });

export async function benchAuditoria(): Promise<string[]> {
  return emCadaBanco(process.env.BENCH_AUDITORIA_BANCOS, 'auditoria', medir);
}
