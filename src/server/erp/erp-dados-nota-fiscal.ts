import { eq, sql } from 'drizzle-orm';
import { UNIDADES_ITEM, type UnidadeItem } from '../../contracts/ordens-servico';
import type { CompanyDatabase } from '../db/database';
import type { erpTabelas } from './erp-tabelas';

// What the ERP knows of an invoice to fill a service-order manifest item
// (GET /ordens-servico/preencher-dados-fiscais-nf/{nf}, spec 03 §7): its order and customer (the
// ERP's clienteId: the register's customer is the caller's), value, freight, weights, volumes and unit, and
// the O.S. it invoiced. One statement: the O.S. come as an aggregate subquery, never a query per row.

export interface ErpDadosNotaFiscal {
  notaFiscalId: string;
  pedidoId: string | null;
  /** The ERP's customer id (vw_cliente.cliente_id), not the register's. */
  clienteId: string | null;
  valor: string | null;
  frete: string | null;
  pesoBruto: string | null;
  pesoLiquido: string | null;
  volumes: number | null;
  /** null when the ERP has none; an unit we do not know is DESCONHECIDO. */
  unidade: UnidadeItem | null;
  /** The O.S. invoiced by it, by number (as text, like the manifest item keeps them). */
  ordensServico: string[];
}

const unidade = (u: string | null): UnidadeItem | null => (u === null ? null : (UNIDADES_ITEM as readonly string[]).includes(u) ? (u as UnidadeItem) : 'DESCONHECIDO');

/** The invoice's fill-in data and the O.S. it invoiced; null when the ERP does not know the invoice. */
export async function dadosNotaFiscalErp(db: CompanyDatabase['db'], t: ReturnType<typeof erpTabelas>, notaFiscalId: string): Promise<ErpDadosNotaFiscal | null> {
  const { vwNotaFiscalExpedicao: n, vwOrdemServico: os } = t;
  // Correlated on the invoice. Nested in another sql``: drizzle writes the top-level columns of a select
  // from one table unqualified, and an unqualified nota_fiscal_id here would be the O.S.'s own (every
  // invoiced O.S. would come); nested, both columns keep their table.
  const ordensDaNota = sql`(select json_agg(${os.ordemServico}::text order by ${os.ordemServico}) from ${os} where ${os.notaFiscalId} = ${n.notaFiscalId})`;
  const [linha] = await db
    .select({
      notaFiscalId: n.notaFiscalId,
      pedidoId: n.pedidoId,
      clienteId: n.clienteId,
      valor: n.valor,
      frete: n.frete,
      pesoBruto: n.pesoBruto,
      pesoLiquido: n.pesoLiquido,
      volumes: n.volumes,
      unidade: n.unidade,
      ordens: sql<string[] | string | null>`${ordensDaNota}`,
    })
    .from(n)
    .where(eq(n.notaFiscalId, notaFiscalId))
    .limit(1);
  if (!linha) return null;
  const { ordens, ...nota } = linha;
  // json_agg may arrive as text, depending on the driver.
  const lidas = typeof ordens === 'string' ? (JSON.parse(ordens) as string[]) : ordens;
  return { ...nota, unidade: unidade(nota.unidade), ordensServico: lidas ?? [] };
}
