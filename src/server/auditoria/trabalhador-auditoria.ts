import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { ResultadoLote } from '../../contracts/ctes';
import type { Db } from '../db/database';
import { auditarCtesAqui, TAMANHO_LOTE_TRABALHADOR, type OpcoesAuditoria } from './auditar-ctes';
import type { ConexaoPostgres } from './auditoria-em-paralelo';

// The audit worker thread (auditoria-em-paralelo.ts): one small pool per company database (its URL and
// search_path), kept while the worker lives; each message is one auditarCtes call, answered by its number.

interface Pedido {
  numero: number;
  conexao: ConexaoPostgres;
  ids: number[];
  usuarioId: number | null;
  opcoes: OpcoesAuditoria;
}

const pools = new Map<string, { pool: pg.Pool; db: Db }>();

function dbDe(conexao: ConexaoPostgres): Db {
  const chave = JSON.stringify(conexao);
  let p = pools.get(chave);
  if (!p) {
    // Two connections: one chunk is read while the previous one is written.
    const pool = new pg.Pool({ ...conexao, max: 2 });
    pool.on('error', (erro) => console.error('Erro na conexão PostgreSQL da auditoria:', erro.message));
    pools.set(chave, (p = { pool, db: drizzle({ client: pool }) }));
  }
  return p.db;
}

/**
 * A batch gives way to the API: this thread runs at a lower CPU priority (nice 10), so a request's thread
 * and its queries go first when the cores are busy (measured: p95 during a batch 1.6–1.7× idle with it,
 * 2.2–2.3× without, on a loaded 2-core machine); with idle cores it runs at full speed. Linux (a thread's
 * id from /proc/thread-self); elsewhere it stays as it is.
 */
function cederPrioridade() {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), PRIORIDADE);
  } catch {
    /* not Linux, or not allowed: normal priority */
  }
}
const PRIORIDADE = 10;
cederPrioridade();

const porta = parentPort!;
porta.on('message', async (m: Pedido | { encerrar: true }) => {
  if ('encerrar' in m) {
    await Promise.allSettled([...pools.values()].map((p) => p.pool.end()));
    porta.close();
    return;
  }
  try {
    const resultado: ResultadoLote = await auditarCtesAqui(dbDe(m.conexao), m.ids, m.usuarioId, { ...m.opcoes, tamanhoLote: m.opcoes.tamanhoLote ?? TAMANHO_LOTE_TRABALHADOR });
    porta.postMessage({ numero: m.numero, resultado });
  } catch (erro) {
    porta.postMessage({ numero: m.numero, erro: erro instanceof Error ? erro.message : String(erro) });
  }
});
porta.postMessage({ pronto: true });
