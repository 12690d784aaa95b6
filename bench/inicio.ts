// First `npm start` on a new data folder (web app already built) until /api/ping answers, its phases as the
// server prints them, and the server's memory once idle. Figures only.
// Alone: node --import tsx -e "import('./bench/inicio.ts').then(m => m.benchInicio())"
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { compilarServidor, compilarWeb } from '../scripts/compilar.mjs';
import { carga, entrarComoAdmin } from './measure';
import { esperarPing, iniciarNpmStart, parar, portaLivre } from './npm-start';

/** Resident memory (MB) of a process, from /proc (Linux). */
function rssMb(pid: number): number {
  const linha = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return linha ? Number(linha[1]) / 1024 : 0;
}

/** The process and its descendants (npm start may run the server in a child). */
function arvore(pid: number): number[] {
  let filhos: number[] = [];
  try {
    filhos = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    /* gone */
  }
  return [pid, ...filhos.flatMap(arvore)];
}

/** One login and the Fretes list (the first screen), as a person's first minute would do. */
async function usar(url: string): Promise<void> {
  const authorization = await entrarComoAdmin(url, 'admin');
  for (const caminho of ['/api/ctes/listar-simples?tomadorServico=TODOS&size=200', '/api/perfis?size=50']) {
    const r = await fetch(`${url}${caminho}`, { headers: { authorization } });
    if (!r.ok) throw new Error(`${caminho}: ${r.status}`);
    await r.arrayBuffer();
  }
}

interface Partida {
  ms: number;
  fases: string;
  rss: string;
  /** The load average when the start began and when it answered. */
  carga: string;
  /** Whether it copied the day's demo template (else it seeded, and kept a new one). */
  copiou: boolean;
}

/** The day's demo templates kept in the cache (carga-inicial/modelo-demo.ts names them by day and sources' hash). */
const modelosDemo = (cache: string) => readdirSync(cache).filter((nome) => nome.startsWith('pglite-demo-') && !nome.endsWith('.tmp'));

async function umaPartida(ocioso: number, cache: string): Promise<Partida> {
  const dataDir = mkdtempSync(join(tmpdir(), 'frete-inicio-'));
  const porta = await portaLivre();
  const url = `http://localhost:${porta}`;
  let saida = '';
  const antes = modelosDemo(cache);
  const cargaAntes = loadavg()[0];
  const filho = iniciarNpmStart(porta, dataDir, { ADMIN_PASSWORD: '', PGLITE_CACHE_DIR: cache }, 'pipe');
  filho.stdout!.on('data', (d: Buffer) => (saida += d.toString()));
  try {
    const ms = await esperarPing(url, filho);
    const carga = `carga ${cargaAntes.toFixed(2)} ao começar, ${loadavg()[0].toFixed(2)} ao responder`;
    // A template of another hash after the start: the sources changed since the last one was kept (a new day,
    // a change in the code, another session editing them meanwhile), so this start seeded.
    const depois = modelosDemo(cache);
    const copiou = antes.length > 0 && depois.every((nome) => antes.includes(nome));
    await usar(url);
    await new Promise((r) => setTimeout(r, ocioso));
    const pids = arvore(filho.pid!);
    const porProcesso = pids.map(rssMb);
    const rss = `${Math.max(...porProcesso).toFixed(0)} MB RSS no processo do servidor, ${porProcesso.reduce((a, b) => a + b, 0).toFixed(0)} MB em ${pids.length} processo(s)`;
    // The server prints "… (pronto em 3,2 s: módulos 0,4 s, bancos …)" when it listens.
    const fases = saida.match(/\(pronto em ([^)]*)\)/)?.[1] ?? 'fases não impressas';
    return { ms, fases, rss, carga, copiou };
  } finally {
    await parar(filho);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * First starts, each on its own new data folder: one without the templates (as after a new migration or a
 * change in the code, or on another day: it seeds and keeps them), then `vezes` with the migrated template and
 * the day's demo template (src/server/carga-inicial/modelo-demo.ts), as `npm install` prepares them
 * (scripts/preparar-modelo.mjs): the first `npm start` after an install, any later new folder that day. The
 * server idles `ocioso` ms after a login and a list before its memory is read.
 */
export async function benchInicio(vezes = 2, ocioso = 10_000): Promise<string[]> {
  compilarWeb();
  await compilarServidor();
  const figuras: string[] = [];
  // A template cache of its own, empty at first: the first start makes it, the next ones copy it.
  const cache = mkdtempSync(join(tmpdir(), 'frete-inicio-cache-'));
  try {
    for (let i = -1; i < vezes; i++) {
      const p = await umaPartida(ocioso, cache);
      const qual =
        i < 0
          ? 'sem os bancos modelo em cache, como depois de uma mudança no código ou noutro dia: semeia e os guarda'
          : p.copiou
            ? 'com os bancos modelo que o npm install prepara, o migrado e a demonstração do dia: copiou (meta ≤ 10 s com a carga de costume)'
            : 'com os bancos modelo em cache, mas as fontes mudaram depois de guardados (outra sessão as editando): semeou de novo, não copiou';
      figuras.push(`primeira partida de npm start (pasta de dados nova, ${qual}) até /api/ping: ${p.ms.toFixed(0)} ms (${p.carga}); fases: ${p.fases}`);
      figuras.push(`memória ociosa (${ocioso / 1000} s após o primeiro ping, um login e duas listas): ${p.rss} (${carga()})`);
    }
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
  for (const f of figuras) console.log(f);
  return figuras;
}
