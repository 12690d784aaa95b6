// Issue 17, rows 1–2: the request path under load (autocannon, 50 connections), side by side in one run:
// a bare node:http server, a one-route Hono app (the framework alone), GET /api/ping of the real app, and
// the admin's GET /api/perfis (a small list) on PGlite and on PostgreSQL, taking turns (median of the
// rounds). Each server is a child process (bench/http-servidor.ts); the load generator runs here. Next to
// each figure: the server's own CPU time per request (steadier than req/s when the machine is busy) and the
// load average. The real app's servers run with the Node options of `npm start` (package.json), and the PGlite one
// also serves the one-route Hono with the headers (a row of its own): the reference inside the server's process
// tells what the process costs (its heap, its garbage collection) from what the app's path costs.
// BENCH_HTTP_SEGUNDOS (3) and BENCH_HTTP_RODADAS (3) change the run. Alone:
//   node --import tsx -e "import('./bench/http.ts').then((m) => m.benchHttp())"
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { entrarComoAdmin } from './measure';
import { opcoesNodeDoStart } from './npm-start';

const SENHA = 'bench-admin';
const CONEXOES = 50;
const SEGUNDOS = Number(process.env.BENCH_HTTP_SEGUNDOS ?? 3);
const RODADAS = Number(process.env.BENCH_HTTP_RODADAS ?? 3);
const PARES = Number(process.env.BENCH_HTTP_PARES ?? 4);

interface Servidor {
  url: string;
  /** `pglite-e-hono`: the one-route Hono in the same process. */
  url2?: string;
  /** The child's CPU time so far, in µs. */
  cpu: () => Promise<number>;
  parar: () => Promise<void>;
}

/** Starts bench/http-servidor.ts in `modo` and waits for its "PORTA n" line. */
async function iniciar(modo: 'bare' | 'hono' | 'hono-cabecalhos' | 'pglite' | 'pg' | 'pglite-e-hono', argsNode: string[] = []): Promise<Servidor> {
  const filho = spawn(process.execPath, [...argsNode, '--import', 'tsx', 'bench/http-servidor.ts', modo], { stdio: ['ignore', 'pipe', 'pipe'] });
  // The child's messages until it listens (a failed start); after that a failed answer fails the run anyway,
  // and what the closing databases say is noise.
  let ouvindo = false;
  createInterface({ input: filho.stderr }).on('line', (linha) => ouvindo || console.error(linha));
  const saiu = new Promise<number | null>((ok) => filho.once('exit', ok));
  const esperandoCpu: ((us: number) => void)[] = [];
  let porta2: number | undefined;
  const porta = await new Promise<number>((ok, falha) => {
    createInterface({ input: filho.stdout }).on('line', (linha) => {
      const [chave, valor] = linha.split(' ');
      if (chave === 'PORTA') {
        ouvindo = true;
        ok(Number(valor));
      }
      if (chave === 'PORTA2') porta2 = Number(valor);
      if (chave === 'CPU') esperandoCpu.shift()?.(Number(valor));
    });
    void saiu.then((codigo) => falha(new Error(`o servidor ${modo} terminou (código ${codigo}) antes de ouvir`)));
  });
  return {
    url: `http://127.0.0.1:${porta}`,
    url2: porta2 === undefined ? undefined : `http://127.0.0.1:${porta2}`,
    cpu: () =>
      new Promise((ok) => {
        esperandoCpu.push(ok);
        filho.kill('SIGUSR2');
      }),
    parar: async () => {
      if (filho.exitCode === null) filho.kill('SIGTERM');
      await saiu;
    },
  };
}

interface Rodada {
  rps: number;
  p50: number;
  p99: number;
  /** Server CPU per answered request, µs. */
  cpu: number;
  carga: number;
}

interface Alvo {
  nome: string;
  servidor: Servidor;
  caminho: string;
  /** Seconds of warm-up. A database call needs more: V8 compiles PGlite's WebAssembly in tiers, and the hot
   * functions reach the optimised tier only after some thousands of queries (a server in use is warm). */
  aquecer: number;
  headers?: Record<string, string>;
  /** Another address of the same server process (its url2). */
  url?: string;
}

async function carregar(alvo: Alvo, segundos: number) {
  return autocannon({ url: `${alvo.url ?? alvo.servidor.url}${alvo.caminho}`, connections: CONEXOES, duration: segundos, headers: alvo.headers ?? {} });
}

/** SEGUNDOS of load; every answer must be 2xx. */
async function rodada(alvo: Alvo): Promise<Rodada> {
  const antes = await alvo.servidor.cpu();
  const r = await carregar(alvo, SEGUNDOS);
  const cpu = (await alvo.servidor.cpu()) - antes;
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`${alvo.nome}: ${r.non2xx} respostas não 2xx, ${r.errors} erros, ${r.timeouts} timeouts`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpu: cpu / Math.max(1, r['2xx']), carga: loadavg()[0] };
}

/** The round of median req/s, with the range of all rounds. */
function descrever(nome: string, rodadas: Rodada[]): { rps: number; texto: string } {
  const ordenadas = [...rodadas].sort((a, b) => a.rps - b.rps);
  const m = ordenadas[Math.floor(ordenadas.length / 2)];
  const faixa = `${Math.round(ordenadas[0].rps)}–${Math.round(ordenadas.at(-1)!.rps)}`;
  return {
    rps: m.rps,
    texto: `${nome}: ${Math.round(m.rps)} req/s (rodadas ${faixa}), p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.cpu.toFixed(0)} µs de CPU do servidor por requisição (carga ${m.carga.toFixed(2)})`,
  };
}

const razao = (a: { rps: number }, b: { rps: number }) => `${(a.rps / b.rps).toFixed(3)} ×`;

const mediana = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Issue 33's row: the ping's req/s over the reference's, pair by pair (each pair ran back to back), and the CPU ratio. */
function razaoDosPares(ping: Rodada[], referencia: Rodada[]): string {
  const pares = ping.map((r, i) => r.rps / referencia[i].rps).sort((a, b) => a - b);
  const cpuPing = mediana(ping.map((r) => r.cpu));
  const cpuReferencia = mediana(referencia.map((r) => r.cpu));
  const cargas = [...ping, ...referencia].map((r) => r.carga);
  return (
    `GET /api/ping ÷ o Hono de uma rota com os mesmos cabeçalhos de segurança: ${mediana(pares).toFixed(3)} × (meta ≥ 0,9 ×; mediana de ${pares.length} pares ` +
    `lado a lado, de ${pares[0].toFixed(2)} a ${pares.at(-1)!.toFixed(2)}; pela CPU do servidor por requisição, ${cpuReferencia.toFixed(1)} ÷ ${cpuPing.toFixed(1)} µs = ` +
    `${(cpuReferencia / cpuPing).toFixed(3)} ×) (carga ${Math.min(...cargas).toFixed(2)}–${Math.max(...cargas).toFixed(2)})`
  );
}

export async function benchHttp(): Promise<string[]> {
  const servidores: Servidor[] = [];
  try {
    const opcoesStart = opcoesNodeDoStart();
    const iniciados = await Promise.allSettled([
      iniciar('bare'),
      iniciar('hono'),
      iniciar('hono-cabecalhos'),
      iniciar('pglite-e-hono', opcoesStart),
      iniciar('pg', opcoesStart),
    ]);
    for (const s of iniciados) if (s.status === 'fulfilled') servidores.push(s.value);
    const falha = iniciados.find((s) => s.status === 'rejected');
    if (falha) throw falha.reason;
    const [bare, hono, honoCabecalhos, lite, postgres] = servidores;
    const [tokenLite, tokenPg] = await Promise.all([entrarComoAdmin(lite.url, SENHA), entrarComoAdmin(postgres.url, SENHA)]);
    const alvos: Alvo[] = [
      { nome: 'node:http puro, o mesmo JSON do ping', servidor: bare, caminho: '/', aquecer: 2 },
      { nome: 'Hono de uma rota (c.json), referência', servidor: hono, caminho: '/', aquecer: 2 },
      { nome: 'o mesmo Hono com os cabeçalhos de segurança da aplicação', servidor: honoCabecalhos, caminho: '/', aquecer: 2 },
      { nome: 'GET /api/ping (PGlite)', servidor: lite, caminho: '/api/ping', aquecer: 2 },
      { nome: 'o mesmo Hono com os cabeçalhos, no processo do servidor PGlite', servidor: lite, url: lite.url2, caminho: '/', aquecer: 2 },
      { nome: 'GET /api/perfis, admin (PGlite)', servidor: lite, caminho: '/api/perfis', aquecer: 15, headers: { authorization: tokenLite } },
      { nome: 'GET /api/perfis, admin (PostgreSQL)', servidor: postgres, caminho: '/api/perfis', aquecer: 5, headers: { authorization: tokenPg } },
    ];
    for (const alvo of alvos) await carregar(alvo, alvo.aquecer);
    // Side by side: the targets take turns, RODADAS times, so a change in the machine's load touches them all.
    const rodadas: Rodada[][] = alvos.map(() => []);
    for (let i = 0; i < RODADAS; i++) for (const [j, alvo] of alvos.entries()) rodadas[j].push(await rodada(alvo));
    // The pair of issue 33's row (the reference and the ping ran back to back above): more rounds of the two alone.
    const [paresReferencia, paresPing] = [[...rodadas[2]], [...rodadas[3]]];
    for (let i = 0; i < PARES; i++) {
      const pingPrimeiro = i % 2 === 0;
      const primeira = await rodada(pingPrimeiro ? alvos[3] : alvos[2]);
      const segunda = await rodada(pingPrimeiro ? alvos[2] : alvos[3]);
      paresPing.push(pingPrimeiro ? primeira : segunda);
      paresReferencia.push(pingPrimeiro ? segunda : primeira);
    }
    const [nu, framework, comCabecalhos, ping, honoNoProcesso, perfisLite, perfisPg] = alvos.map((a, j) => descrever(a.nome, rodadas[j]));
    const figuras = [
      `requisições (autocannon -c ${CONEXOES}, ${RODADAS} rodadas alternadas de ${SEGUNDOS} s após o aquecimento, a mediana; um servidor por processo; ` +
        `a aplicação com as opções do npm start: ${opcoesStart.join(' ') || 'nenhuma'}):`,
      `  ${nu.texto}`,
      `  ${framework.texto} — ${razao(framework, nu)} o node:http puro`,
      `  ${comCabecalhos.texto} — ${razao(comCabecalhos, nu)} o node:http puro`,
      `  ${ping.texto} — ${razao(ping, nu)} o node:http puro (meta ≥ 0,6 ×), ${razao(ping, framework)} o Hono de uma rota, ${razao(ping, comCabecalhos)} o Hono de uma rota com os cabeçalhos`,
      `  ${razaoDosPares(paresPing, paresReferencia)}`,
      `  ${honoNoProcesso.texto} — ${razao(honoNoProcesso, comCabecalhos)} o mesmo Hono no seu próprio processo; o ping, ${razao(ping, honoNoProcesso)} ele`,
      `  ${perfisLite.texto} — ${razao(perfisLite, ping)} o ping (meta ≥ 0,25 ×)`,
      `  ${perfisPg.texto} — ${razao(perfisPg, ping)} o ping (meta ≥ 0,4 ×)`,
    ];
    console.log(figuras.join('\n'));
    return figuras;
  } finally {
    await Promise.allSettled(servidores.map((s) => s.parar()));
  }
}
