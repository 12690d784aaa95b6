import { and, eq, isNull, sql } from 'drizzle-orm';
import { REGRAS_PAGAMENTO_PADRAO } from '../../contracts/pagamentos';
import type { CompanyDatabase } from '../db/database';
import { linhas } from '../db/linhas';
import { configuracao } from '../db/schema/configuracao';
import { recalcularSituacaoPagamento } from './recalcular-situacao';

// The first start after migration 0025 (issue 29): every fatura sits at the column default EM_CONFERENCIA and the
// company has no release rules stored (regras_pagamento null). Once, in one transaction: every fatura not exported
// is reconferred with the default rules (three set-based statements, linear in the faturas' lines: the bench's
// 10,000 faturas × 100 lines take seconds), then the defaults are stored, so later starts skip it.

export async function conferirPagamentosPrimeiraVez(banco: CompanyDatabase, log: (mensagem: string) => void = console.warn): Promise<void> {
  await banco.db.transaction(async (tx) => {
    const [cfg] = await tx.select({ regras: configuracao.regrasPagamento }).from(configuracao).where(eq(configuracao.id, 1)).for('update');
    if (!cfg || cfg.regras !== null) return;
    const [{ n }] = linhas<{ n: number }>(await tx.execute(sql`select count(*)::int as n from fatura where status = 'PROCESSADO'`));
    const inicio = performance.now();
    await recalcularSituacaoPagamento(tx, { todas: true });
    await tx.update(configuracao).set({ regrasPagamento: REGRAS_PAGAMENTO_PADRAO }).where(and(eq(configuracao.id, 1), isNull(configuracao.regrasPagamento)));
    if (n > 0) log(`Situação de pagamento de ${n} fatura(s) de ${banco.descricao} conferida pela primeira vez em ${Math.round(performance.now() - inicio)} ms.`);
  });
}
