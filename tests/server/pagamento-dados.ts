import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ResultadoLeituraFaturas } from '../../src/contracts/faturas';
import type { RegraBloqueio, RegrasPagamento, SituacaoPagamento } from '../../src/contracts/pagamentos';
import type { Db } from '../../src/server/db/database';
import { linhas } from '../../src/server/db/linhas';
import { fatura } from '../../src/server/db/schema/fatura';
import { recalcularSituacaoPagamento } from '../../src/server/pagamentos/recalcular-situacao';
import { arquivoDoccob, enviar, numeroTeste, type LinhaFaturaTeste } from './faturas-dados';
import { json, type Harness } from './harness';

// Fixtures of the payment-situation tests (issue 29): faturas read through the API, due far ahead (so
// VENCIMENTO_CURTO stays out unless a test wants it), and their situation as stored.

export const CNPJ_PAGAMENTO = '12345678000195';

/** Reads one fatura of these lines (POST /faturas/enviar), moves its due date far ahead, reconfers it; its id. */
export async function lerFatura(h: Harness, linhasFatura: LinhaFaturaTeste[], vencimento = '2999-12-31'): Promise<number> {
  const numero = numeroTeste();
  const r = await enviar(h, await h.adminToken(), { [`${numero}.txt`]: arquivoDoccob([{ numero, cnpj: CNPJ_PAGAMENTO, linhas: linhasFatura }]) });
  const corpo = await json<ResultadoLeituraFaturas>(r);
  expect(corpo.erros).toEqual([]);
  const id = corpo.faturas[0];
  const db = h.bancos.COLACRIL.db;
  await db.update(fatura).set({ dataVencimento: vencimento }).where(eq(fatura.id, id));
  await recalcularSituacaoPagamento(db, { faturaIds: [id] });
  return id;
}

export interface SituacaoGravada {
  situacao: SituacaoPagamento;
  bloqueios: RegraBloqueio[];
  valorAPagar: string;
  valorContestado: string;
  desconto: string;
  incontroverso: boolean;
  versao: number;
}

export async function situacao(db: Db, id: number): Promise<SituacaoGravada> {
  const [f] = await db
    .select({
      situacao: fatura.situacaoPagamento,
      bloqueios: fatura.bloqueios,
      valorAPagar: fatura.valorAPagar,
      valorContestado: fatura.valorContestado,
      desconto: fatura.descontoContestacoes,
      incontroverso: fatura.pagarIncontroverso,
      versao: fatura.versao,
    })
    .from(fatura)
    .where(eq(fatura.id, id));
  return f;
}

/** Saves the release rules as admin (current version), with `mudar` applied; the answer's status and body. */
export async function salvarRegras(h: Harness, mudar: (r: RegrasPagamento) => RegrasPagamento) {
  const token = await h.adminToken();
  const atuais = await json<RegrasPagamento>(await h.request('GET', '/api/regras-pagamento', { token }));
  const r = await h.request('POST', '/api/regras-pagamento', { token, body: mudar(atuais) });
  return { status: r.status, corpo: await json(r) };
}

export const comRegra = (regra: RegraBloqueio, ligada: boolean) => (r: RegrasPagamento) => ({ ...r, bloqueios: { ...r.bloqueios, [regra]: ligada } });

let numeroContestacao = 900_000;

/** A dispute over one line, inserted directly (the disputes API is another area's). */
export async function contestar(db: Db, faturaId: number, faturaCteId: number, valor: string): Promise<number> {
  const [u] = linhas<{ id: number }>(await db.execute(sql`select id from usuario order by id limit 1`));
  const [c] = linhas<{ id: number }>(
    await db.execute(sql`
      insert into contestacao (numero, status, motivo, transportadora_cnpj, transportadora_nome, fatura_id, valor_contestado, prazo, aberta_por_id)
      values (${++numeroContestacao}, 'ABERTA', 'VALOR_ACIMA_TABELA', ${CNPJ_PAGAMENTO}, 'Transportadora do Teste', ${faturaId}, ${valor}, '2999-01-01', ${u.id})
      returning id`),
  );
  await db.execute(sql`
    insert into contestacao_linha (contestacao_id, fatura_cte_id, cte, valor_cobrado, valor_correto, valor_contestado)
    values (${c.id}, ${faturaCteId}, '1/1', 0, 0, ${valor})`);
  return c.id;
}
