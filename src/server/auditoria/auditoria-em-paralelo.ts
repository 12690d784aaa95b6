import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { ResultadoLote } from '../../contracts/ctes';
import type { Db } from '../db/database';
import type { OpcoesAuditoria } from './opcoes-auditoria';

// An audit of 100,000 CT-es is mostly CPU work (the freight engine, the trace, the rows to write).
// In the server's one thread it delays every other request by whatever slice it runs; in a worker thread it
// does not. The worker opens its own small pool to the same PostgreSQL database and schema (the company's
// pool settings), runs auditarCtesAqui and answers the result. PGlite lives in the server's thread, so on
// PGlite the audit always runs there. One worker for every company, started on the first large call and
// ended after a minute without calls.

/** From this many CT-es a call goes to the worker (the review dialog's single CT-e stays here). */
export const MINIMO_EM_PARALELO = 200;
const OCIOSO_MS = 60_000;

/** What the worker needs to open its pool: the company pool's own URL and options (search_path). */
export interface ConexaoPostgres {
  connectionString?: string;
  options?: string;
}

/** The connection of a node-postgres company database; null on PGlite. */
export function conexaoPostgres(db: Db): ConexaoPostgres | null {
  const cliente = (db as unknown as { $client?: unknown }).$client;
  if (!(cliente instanceof pg.Pool)) return null;
  const { connectionString, options } = cliente.options;
  return { connectionString, options };
}

/** null: the worker never got ready, the call runs in this thread. */
type Pendente = { ok: (r: ResultadoLote | null) => void; falha: (e: Error) => void };
interface Trabalhador {
  worker: Worker;
  pendentes: Map<number, Pendente>;
  /** Its module loaded (it said so); a worker that ends before that could not start here. */
  pronto: boolean;
  ocioso?: NodeJS.Timeout;
}

let trabalhador: Trabalhador | null = null;
let numero = 0;
let respondidas = 0;
/** Calls the worker answered so far (the tests check which path a call took). */
export const auditoriasNoTrabalhador = () => respondidas;
/** The worker could not start here (e.g. no tsx): audits run in this thread from then on. */
let indisponivel = false;

/** Set by the server bundle (scripts/compilar.mjs) to the worker's compiled entry. */
declare const __TRABALHADOR_AUDITORIA__: string | undefined;

/** The bundle's compiled worker; from the sources, the TypeScript module with tsx registered first. */
function novoWorker(): Worker {
  if (typeof __TRABALHADOR_AUDITORIA__ === 'string') return new Worker(__TRABALHADOR_AUDITORIA__);
  const tsx = typeof import.meta.resolve === 'function' ? import.meta.resolve('tsx/esm/api') : 'tsx/esm/api';
  const modulo = new URL('./trabalhador-auditoria.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(modulo)}); })`, { eval: true });
}

function iniciar(): Trabalhador {
  const t: Trabalhador = { worker: novoWorker(), pendentes: new Map(), pronto: false };
  const encerrar = (erro: Error) => {
    if (trabalhador === t) trabalhador = null;
    clearTimeout(t.ocioso);
    if (!t.pronto && !indisponivel) {
      indisponivel = true;
      console.error('Auditoria em segundo plano indisponível; a auditoria roda na thread do servidor:', erro.message);
    }
    for (const p of t.pendentes.values()) (t.pronto ? p.falha(erro) : p.ok(null));
    t.pendentes.clear();
  };
  t.worker.on('message', (m: { pronto?: true; numero: number; resultado?: ResultadoLote; erro?: string }) => {
    if (m.pronto) return void (t.pronto = true);
    const p = t.pendentes.get(m.numero);
    if (!p) return;
    t.pendentes.delete(m.numero);
    if (m.resultado) {
      respondidas++;
      p.ok(m.resultado);
    } else p.falha(new Error(m.erro ?? 'A auditoria falhou.'));
    if (t.pendentes.size === 0) aguardarOcioso(t);
  });
  t.worker.on('error', (erro) => encerrar(erro));
  t.worker.on('exit', () => encerrar(new Error('A auditoria em segundo plano terminou antes de responder.')));
  return t;
}

/** Idle: the process may exit without waiting for it, and after OCIOSO_MS it ends (closing its pools). */
function aguardarOcioso(t: Trabalhador) {
  t.worker.unref();
  t.ocioso = setTimeout(() => {
    if (trabalhador === t) trabalhador = null;
    t.worker.postMessage({ encerrar: true });
  }, OCIOSO_MS);
  t.ocioso.unref();
}

/**
 * auditarCtesAqui in the worker; null when the worker cannot start (the caller runs it here instead).
 * A failure inside the worker (a database error) is thrown here as an Error with its message.
 */
export function auditarEmParalelo(conexao: ConexaoPostgres, ids: readonly number[], usuarioId: number | null, opcoes: OpcoesAuditoria): Promise<ResultadoLote | null> {
  if (indisponivel) return Promise.resolve(null);
  const t = (trabalhador ??= iniciar());
  clearTimeout(t.ocioso);
  t.worker.ref();
  const n = ++numero;
  return new Promise<ResultadoLote | null>((ok, falha) => {
    t.pendentes.set(n, { ok, falha });
    t.worker.postMessage({ numero: n, conexao, ids, usuarioId, opcoes });
  });
}
