import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { proximaSituacaoPagamento } from '../../../machines/fatura-pagamento';
import {
  mensagemExportacao,
  MSG_NADA_A_EXPORTAR,
  type ExportacaoPagamento,
  type ExportarPagamentos,
  type ResultadoExportacao,
} from '../../contracts/pagamentos';
import { formatBrl } from '../../domain/format-brl';
import { relogio } from '../../domain/relogio';
import type { Db } from '../db/database';
import { fatura } from '../db/schema/fatura';
import { exportacaoPagamento } from '../db/schema/pagamento';
import { filtroPagamentos } from './listar-pagamentos';

// POST /pagamentos/exportar (issue 29; docs/decisoes.md §36): every LIBERADA fatura (of the filter) goes to
// payables in one run. One transaction: the faturas locked (SKIP LOCKED: a concurrent run takes the others),
// the run recorded, each fatura EXPORTADA by the machine's EXPORTAR; the UPDATE re-checks LIBERADA, so a fatura is
// never exported twice. Nothing LIBERADA: no run, MSG_NADA_A_EXPORTAR.

const EXPORTADA = proximaSituacaoPagamento('LIBERADA', { type: 'EXPORTAR' });

const paraExportacao = (r: { id: number; feitaEm: Date; faturas: number; valorTotal: string }, mensagens: string[] = []): ExportacaoPagamento => ({
  id: r.id,
  feitaEm: r.feitaEm.toISOString(),
  faturas: r.faturas,
  valorTotal: r.valorTotal,
  mensagens,
});

export async function exportarPagamentos(db: Db, filtro: ExportarPagamentos, usuarioId: number): Promise<ResultadoExportacao> {
  if (!EXPORTADA) throw new Error('A máquina de pagamento não exporta uma fatura liberada.');
  return db.transaction(async (tx) => {
    const alvo = await tx
      .select({ id: fatura.id, valorAPagar: fatura.valorAPagar })
      .from(fatura)
      .where(and(eq(fatura.situacaoPagamento, 'LIBERADA'), filtroPagamentos(filtro)))
      .orderBy(asc(fatura.id))
      .for('update', { skipLocked: true });
    if (!alvo.length) return { exportacao: null, mensagens: [MSG_NADA_A_EXPORTAR] };
    const agora = relogio.agora();
    const valorTotal = alvo.reduce((s, f) => s.plus(f.valorAPagar), new Decimal(0)).toFixed(2, Decimal.ROUND_HALF_UP);
    const [run] = await tx.insert(exportacaoPagamento).values({ usuarioId, faturas: alvo.length, valorTotal, feitaEm: agora }).returning();
    const feitas = await tx
      .update(fatura)
      .set({ situacaoPagamento: EXPORTADA, exportacaoId: run.id, exportadaEm: agora, versao: sql`${fatura.versao} + 1` })
      .where(and(inArray(fatura.id, alvo.map((f) => f.id)), eq(fatura.situacaoPagamento, 'LIBERADA')))
      .returning({ id: fatura.id });
    // Every row was locked and LIBERADA: the same set. Checked all the same (a run never counts what it did not take).
    if (feitas.length !== alvo.length) throw new Error('Exportação: faturas mudaram durante a exportação.');
    return { exportacao: paraExportacao(run), mensagens: [mensagemExportacao(alvo.length, formatBrl(valorTotal))] };
  });
}

/** GET /pagamentos/exportacoes: the runs, the newest first (keyset by id: ?antesDe=). */
export async function listarExportacoes(db: Db, antesDe?: number, limite = 100): Promise<ExportacaoPagamento[]> {
  const linhas = await db
    .select()
    .from(exportacaoPagamento)
    .where(antesDe ? lt(exportacaoPagamento.id, antesDe) : undefined)
    .orderBy(desc(exportacaoPagamento.id))
    .limit(limite);
  return linhas.map((r) => paraExportacao(r));
}
