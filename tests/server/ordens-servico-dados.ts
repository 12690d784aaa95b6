import { asc, eq } from 'drizzle-orm';
import type { CompanyDatabase } from '../../src/server/db/database';
import { erpTabelas } from '../../src/server/erp/erp-tabelas';

// The demo ERP's service orders and invoices (seeded on start) read straight from its tables, for
// the /ordens-servico tests to compute what the calls should answer.

export async function dadosErp(banco: CompanyDatabase) {
  const { db, erpSchema } = banco;
  const t = erpTabelas(erpSchema);
  const juntas = await db.select().from(t.vwOrdemServico).innerJoin(t.vwOrdemServicoLinha, eq(t.vwOrdemServicoLinha.ordemServico, t.vwOrdemServico.ordemServico));
  const linhas = juntas.map((l) => ({ ...l.vw_ordem_servico, ...l.vw_ordem_servico_linha }));
  const ordens = await db.select().from(t.vwOrdemServico).orderBy(asc(t.vwOrdemServico.ordemServico));
  const notas = await db.select().from(t.vwNotaFiscalExpedicao).where(eq(t.vwNotaFiscalExpedicao.serie, '2')).orderBy(asc(t.vwNotaFiscalExpedicao.notaFiscalId));
  const contagem = new Map<string, number>();
  for (const l of linhas) contagem.set(l.transportadoraId!, (contagem.get(l.transportadoraId!) ?? 0) + 1);
  /** The ERP fornecedorId with the most O.S. lines. */
  const carrier = [...contagem].sort((a, b) => b[1] - a[1])[0][0];
  /** An O.S. (without lines) whose customer the register does not have; answers its number. */
  const inserirOsSemCadastro = async () => {
    const ordemServico = 9_000_001;
    await db
      .insert(t.vwOrdemServico)
      .values({ ordemServico, pedidoId: 'PE-ORFAO', clienteId: 'C-SEM-CADASTRO', transportadoraId: carrier, dataEntrega: '2024-05-10', unidade: 'CAIXA' })
      .onConflictDoNothing();
    return ordemServico;
  };
  return { linhas, ordens, notas, carrier, inserirOsSemCadastro };
}
export type DadosErp = Awaited<ReturnType<typeof dadosErp>>;
