import { eq, sql } from 'drizzle-orm';
import type { SituacaoPagamento } from '../../src/contracts/pagamentos';
import type { Db } from '../../src/server/db/database';
import { fatura, faturaCte } from '../../src/server/db/schema/fatura';
import { contestacao, contestacaoLinha } from '../../src/server/db/schema/pagamento';
import { escreverDoccob } from '../../src/server/ingest/doccob/escrever-doccob';
import { lerArquivoDoccob } from '../../src/server/faturas/ler-arquivo-doccob';
import { faturaDoccob, numeroTeste, type LinhaFaturaTeste } from './faturas-dados';

// Faturas for the /pagamentos tests: read by the real DOCCOB reader, then their payment situation and values set in
// SQL (the recompute is another helper's; these tests pin the situation they need).

export interface FaturaPagamentoTeste {
  cnpj: string;
  razaoSocial?: string;
  vencimento?: string;
  dataEmissao?: string;
  linhas?: LinhaFaturaTeste[];
  situacao?: SituacaoPagamento;
  valorAPagar?: string;
  valorContestado?: string;
  descontoContestacoes?: string;
  bloqueios?: string[];
  /** Bank data of the 352. */
  banco?: { agente: string; agencia: string; digitoAgencia: string; conta: string; digitoConta: string };
}

export interface FaturaCriada {
  id: number;
  numero: string;
  versao: number;
  linhas: number[];
}

/** A fatura read from a DOCCOB, then put in `situacao` with the values given. */
export async function criarFatura(db: Db, f: FaturaPagamentoTeste): Promise<FaturaCriada> {
  const numero = numeroTeste();
  const base = faturaDoccob({ numero, cnpj: f.cnpj, dataEmissao: f.dataEmissao, linhas: f.linhas ?? [{}] });
  const doc = {
    ...base,
    transportadora: { cnpj: f.cnpj, razaoSocial: f.razaoSocial ?? base.transportadora.razaoSocial },
    dataVencimento: f.vencimento ?? base.dataVencimento,
    ...(f.banco ? { agenteCobranca: f.banco.agente, agencia: f.banco.agencia, digitoAgencia: f.banco.digitoAgencia, conta: f.banco.conta, digitoConta: f.banco.digitoConta } : {}),
  };
  const r = await lerArquivoDoccob(db, `${numero}.txt`, new TextEncoder().encode(escreverDoccob([doc])));
  if (r.tipo !== 'LIDA') throw new Error(`fatura de teste: ${JSON.stringify(r)}`);
  const id = r.faturaId;
  await db
    .update(fatura)
    .set({
      situacaoPagamento: f.situacao ?? 'EM_CONFERENCIA',
      valorAPagar: f.valorAPagar ?? sql`${fatura.valorTotal}`,
      valorContestado: f.valorContestado ?? '0',
      descontoContestacoes: f.descontoContestacoes ?? '0',
      bloqueios: (f.bloqueios ?? []) as never,
    })
    .where(eq(fatura.id, id));
  const [{ versao }] = await db.select({ versao: fatura.versao }).from(fatura).where(eq(fatura.id, id));
  const linhas = await db.select({ id: faturaCte.id }).from(faturaCte).where(eq(faturaCte.faturaId, id)).orderBy(faturaCte.linha);
  return { id, numero, versao, linhas: linhas.map((l) => l.id) };
}

let numeroContestacao = 900_000;

/** A dispute of `status` over these fatura lines (one line each, `valor` disputed; `aceito` when answered). */
export async function criarContestacao(
  db: Db,
  o: { cnpj: string; nome?: string; status: 'ABERTA' | 'ENVIADA' | 'ACEITA' | 'RECUSADA' | 'PARCIAL' | 'ENCERRADA'; linhas: number[]; valor: string; aceito?: string; enviadaEm?: Date; respondidaEm?: Date; usuarioId: number },
): Promise<number> {
  const [c] = await db
    .insert(contestacao)
    .values({
      numero: ++numeroContestacao,
      status: o.status,
      motivo: 'VALOR_ACIMA_TABELA',
      transportadoraCnpj: o.cnpj,
      transportadoraNome: o.nome ?? 'Transportadora do Teste Ltda',
      valorContestado: o.valor,
      valorAceito: o.aceito ?? null,
      prazo: '2099-12-31',
      abertaPorId: o.usuarioId,
      enviadaEm: o.enviadaEm ?? null,
      respondidaEm: o.respondidaEm ?? null,
    })
    .returning({ id: contestacao.id });
  for (const linha of o.linhas) {
    await db.insert(contestacaoLinha).values({ contestacaoId: c.id, faturaCteId: linha, cte: '1/1', valorCobrado: o.valor, valorCorreto: '0', valorContestado: o.valor, valorAceito: o.aceito ?? null });
  }
  return c.id;
}

/** Sets a line's blocks (the recompute's work, pinned for the test). */
export const bloquearLinha = (db: Db, linhaId: number, regras: string[]) => db.update(faturaCte).set({ bloqueios: regras as never }).where(eq(faturaCte.id, linhaId));
