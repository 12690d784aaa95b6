import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Contestacao } from '../../src/contracts/contestacoes';
import type { Db } from '../../src/server/db/database';
import { cte } from '../../src/server/db/schema/cte';
import { lerArquivoDoccob } from '../../src/server/faturas/ler-arquivo-doccob';
import { escreverDoccob } from '../../src/server/ingest/doccob/escrever-doccob';
import { faturaDoccob, numeroTeste, type CteDemo } from './faturas-dados';
import { createHarness, json, type Harness } from './harness';

// Disputes for the tests: audited demo CT-es whose audited value is 80% of the charged one (so each has
// something to dispute), faturas read straight into the database, and the API calls of the screens.

export interface RefsContestacao {
  h: Harness;
  /** FRETE_PAG_M, _C and _E. */
  token: string;
  db: Db;
}

export async function prepararContestacoes(): Promise<RefsContestacao> {
  const h = await createHarness({}, { ctesDemo: true });
  const token = await h.tokenCom(['FRETE_PAG_M', 'FRETE_PAG_C', 'FRETE_PAG_E']);
  return { h, token, db: h.bancos.COLACRIL.db };
}

const usados: number[] = [];

/**
 * `quantos` audited CT-es (AUDITADO_SUCESSO, of one issuer unless `outroEmitente` than that) not handed out before
 * in this file, their audited value set to 80% of the charged value (half-up to cents).
 */
export async function ctesAuditados(db: Db, quantos: number, outroEmitente?: string): Promise<CteDemo[]> {
  const base = and(
    eq(cte.status, 'AUDITADO_SUCESSO'),
    isNotNull(cte.emitenteDocumento),
    sql`${cte.valorTotal} >= 10`,
    usados.length ? notInArray(cte.id, usados) : undefined,
    outroEmitente ? sql`left(${cte.emitenteDocumento}, 8) <> left(${outroEmitente}, 8)` : undefined,
  );
  const [emitente] = await db.select({ e: cte.emitenteDocumento, n: sql<number>`count(*)::int` }).from(cte).where(base).groupBy(cte.emitenteDocumento).orderBy(sql`count(*) desc`).limit(1);
  if (!emitente || emitente.n < quantos) throw new Error(`Faltam CT-es auditados para o teste (${quantos}).`);
  const ids = (await db.select({ id: cte.id }).from(cte).where(and(base, eq(cte.emitenteDocumento, emitente.e!))).orderBy(asc(cte.id)).limit(quantos)).map((r) => r.id);
  usados.push(...ids);
  await db.update(cte).set({ valorAuditoria: sql`round(${cte.valorTotal} * 0.8, 2)` }).where(inArray(cte.id, ids));
  return db
    .select({
      id: cte.id,
      chave: cte.chave,
      serie: cte.serie,
      numero: cte.numero,
      emitente: sql<string>`${cte.emitenteDocumento}`,
      valorTotal: cte.valorTotal,
      status: cte.status,
      numeroFatura: cte.numeroFatura,
      versao: cte.versao,
    })
    .from(cte)
    .where(inArray(cte.id, ids))
    .orderBy(asc(cte.id));
}

/** A fatura of these CT-es (billed at `valorFrete`, default their charged value), read into the database. */
export async function faturaDe(db: Db, linhas: { cte: CteDemo; valorFrete?: string }[]): Promise<number> {
  const f = faturaDoccob({ numero: numeroTeste(), cnpj: linhas[0].cte.emitente, linhas });
  const r = await lerArquivoDoccob(db, 'contestacao.txt', new TextEncoder().encode(escreverDoccob([f], '3.0A')));
  if (r.tipo !== 'LIDA') throw new Error(`fatura de teste: ${JSON.stringify(r)}`);
  return r.faturaId;
}

/** POST /contestacoes; throws unless 201. */
export async function abrir(refs: RefsContestacao, corpo: object): Promise<Contestacao> {
  const r = await refs.h.request('POST', '/api/contestacoes', { token: refs.token, body: { motivo: 'VALOR_ACIMA_TABELA', ...corpo } });
  if (r.status !== 201) throw new Error(`abrir: ${r.status} ${await r.text()}`);
  return json<Contestacao>(r);
}

/** POST /contestacoes/{id}/{acao} with the version read now. */
export async function agir(refs: RefsContestacao, id: number, acao: 'enviar' | 'responder' | 'encerrar', corpo: object = {}): Promise<Response> {
  const atual = await json<Contestacao>(await refs.h.request('GET', `/api/contestacoes/${id}`, { token: refs.token }));
  return refs.h.request('POST', `/api/contestacoes/${id}/${acao}`, { token: refs.token, body: { versao: atual.versao, ...corpo } });
}
