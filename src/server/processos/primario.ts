import cluster, { type Worker } from 'node:cluster';

// WEB_CONCURRENCY=n (issue 33): this process forks n server processes (node:cluster) that share its port: the
// workers accept the connections (the kernel chooses which: see SCHED_NONE below). A worker that dies is started
// again (at once the first time, then with a growing pause while new ones keep dying before they listen); the
// others keep answering meanwhile. SIGTERM/SIGINT here are passed on and the primary leaves once all are gone.
// A worker that fails before the first start of all of them has finished ends the whole start (code 1): its own
// message (a missing ADMIN_PASSWORD, a database out of reach) is the reason, and restarting would only repeat it.

export interface OpcoesPrimario {
  processos: number;
  /** The module each worker runs (main.ts, or the compiled dist/server/main.mjs). */
  exec: string;
  log?: (mensagem: string) => void;
  /** Instead of process.exit (tests). */
  sair?: (codigo: number) => void;
}

/** Variable a worker reads to say which of the n it is (in its start line). */
export const VAR_PROCESSO = 'FRETE_PROCESSO';
const ESPERA_MAXIMA_MS = 30_000;

interface Estado {
  o: OpcoesPrimario;
  log: (mensagem: string) => void;
  vivos: Map<Worker, { indice: number; ouviu: boolean }>;
  /** Every worker has listened once. */
  partiu: boolean;
  encerrando: boolean;
  /** Restarted workers that died before they listened, in a row: the pause before the next grows with it. */
  falhasSeguidas: number;
  iniciar: (indice: number) => void;
  encerrar: (codigo: number) => void;
}

/** A worker is gone: the primary leaves once all are after a stop, gives up on a failed first start, else starts another. */
function aoSair(e: Estado, worker: Worker, codigo: number, sinal: string) {
  const estado = e.vivos.get(worker);
  e.vivos.delete(worker);
  if (!estado) return;
  const { indice } = estado;
  const nome = `O processo ${indice} de ${e.o.processos} (pid ${worker.process.pid})`;
  const motivo = sinal ? `sinal ${sinal}` : `código ${codigo}`;
  if (e.encerrando) return;
  if (!e.partiu) {
    e.log(`${nome} terminou antes de ouvir (${motivo}): o frete-console não iniciou.`);
    return e.encerrar(1);
  }
  if (!estado.ouviu) e.falhasSeguidas++;
  const espera = e.falhasSeguidas === 0 ? 0 : Math.min(ESPERA_MAXIMA_MS, 1000 * 2 ** (e.falhasSeguidas - 1));
  e.log(`${nome} terminou (${motivo}); outro parte${espera ? ` em ${espera / 1000} s` : ''}.`);
  setTimeout(() => e.encerrando || e.iniciar(indice), espera);
}

export function iniciarPrimario(o: OpcoesPrimario): void {
  let saiu = false;
  const sair = (codigo: number) => {
    if (saiu) return;
    saiu = true;
    if (o.sair) o.sair(codigo);
    else process.exit(codigo);
  };
  // The workers accept from the shared socket themselves (SCHED_NONE). In round-robin the primary accepts and hands
  // each connection over; one handed to a worker that dies before taking it stays open in the primary, and its
  // client waits forever (Node's cluster never closes it). With SCHED_NONE a killed worker's connections are reset by the kernel.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec: o.exec, args: process.argv.slice(2) });
  // The code the primary leaves with once every worker is gone after a stop (1 after a failed start).
  let codigoSaida = 0;
  const e: Estado = {
    o,
    log: o.log ?? console.log,
    vivos: new Map(),
    partiu: false,
    encerrando: false,
    falhasSeguidas: 0,
    iniciar: (indice) => {
      e.vivos.set(cluster.fork({ [VAR_PROCESSO]: `${indice} de ${o.processos}` }), { indice, ouviu: false });
    },
    encerrar: (codigo) => {
      codigoSaida = Math.max(codigoSaida, codigo);
      if (e.encerrando) return;
      e.encerrando = true;
      if (e.vivos.size === 0) return sair(codigoSaida);
      for (const worker of e.vivos.keys()) worker.process.kill('SIGTERM');
    },
  };
  cluster.on('listening', (worker, endereco) => {
    const estado = e.vivos.get(worker);
    if (!estado || estado.ouviu) return;
    estado.ouviu = true;
    e.falhasSeguidas = 0;
    if (!e.partiu && [...e.vivos.values()].every((v) => v.ouviu) && e.vivos.size === o.processos) {
      e.partiu = true;
      e.log(`frete-console: ${o.processos} processos ouvindo na porta ${endereco.port} (PostgreSQL; pid do primário ${process.pid})`);
    }
  });
  cluster.on('exit', (worker, codigo, sinal) => {
    aoSair(e, worker, codigo, sinal);
    if (e.encerrando && e.vivos.size === 0) sair(codigoSaida);
  });
  for (const sinal of ['SIGINT', 'SIGTERM'] as const)
    process.on(sinal, () => {
      e.log(`${sinal} recebido: encerrando os ${e.vivos.size} processos do servidor...`);
      e.encerrar(0);
    });
  for (let i = 1; i <= o.processos; i++) e.iniciar(i);
}
