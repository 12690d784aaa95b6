import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { MSG_PRAZO_ANTERIOR_A_HOJE, PRAZO_CONTESTACAO_DIAS, type ContestacaoAbrir } from '../../contracts/contestacoes';
import { relogio } from '../../domain/relogio';
import { dataSaoPaulo, somarDias } from '../../domain/sao-paulo-date';
import type { Db } from '../db/database';
import { contestacao, contestacaoLinha } from '../db/schema/pagamento';
import { badRequest } from '../http/api-error';
import { linhasAContestar } from './linhas-a-contestar';
import { recalcularDasLinhas } from './recalcular-das-linhas';

/**
 * One opening at a time per company: the check "line already in an open dispute" and the next número read what
 * another opening may be writing (an advisory lock, released with the transaction).
 */
const travarContestacoes = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.contestacao'))`);

/** POST /contestacoes: the dispute ABERTA with its lines; the faturas of its lines recomputed. Answers its id. */
export async function abrirContestacao(db: Db, pedido: ContestacaoAbrir, usuarioId: number): Promise<number> {
  const hoje = dataSaoPaulo(relogio.agora())!;
  if (pedido.prazo && pedido.prazo < hoje) throw badRequest(MSG_PRAZO_ANTERIOR_A_HOJE);
  return db.transaction(async (tx) => {
    await travarContestacoes(tx);
    const linhas = await linhasAContestar(tx, pedido);
    const faturas = [...new Set(linhas.flatMap((l) => (l.faturaId === null ? [] : [l.faturaId])))];
    const [{ proximo }] = await tx.select({ proximo: sql<number>`coalesce(max(${contestacao.numero}), 0)::int + 1` }).from(contestacao);
    const total = linhas.reduce((s, l) => s.plus(l.valorContestado), new Decimal(0));
    const [nova] = await tx
      .insert(contestacao)
      .values({
        numero: proximo,
        motivo: pedido.motivo,
        descricao: pedido.descricao || null,
        transportadoraCnpj: linhas[0].cnpj,
        transportadoraNome: linhas[0].nome,
        transportadoraId: linhas.find((l) => l.transportadoraId !== null)?.transportadoraId ?? null,
        faturaId: faturas.length === 1 ? faturas[0] : null,
        valorContestado: total.toFixed(2),
        prazo: pedido.prazo ?? somarDias(hoje, PRAZO_CONTESTACAO_DIAS),
        abertaPorId: usuarioId,
      })
      .returning({ id: contestacao.id });
    await tx.insert(contestacaoLinha).values(
      linhas.map((l) => ({
        contestacaoId: nova.id,
        faturaCteId: l.faturaCteId,
        cteId: l.cteId,
        cte: l.cte.slice(0, 20),
        valorCobrado: l.valorCobrado,
        valorCorreto: l.valorCorreto,
        valorContestado: l.valorContestado,
      })),
    );
    await recalcularDasLinhas(tx, nova.id);
    return nova.id;
  });
}

