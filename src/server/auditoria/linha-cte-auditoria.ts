import { eq, sql } from 'drizzle-orm';
import type { IcmsCte } from '../../contracts/cte-documento';
import type { Db } from '../db/database';
import { cte } from '../db/schema/cte';

// What the audit reads of a CT-e: the columns only, and of the document jsonb just the ICMS.
const colunas = {
  id: cte.id,
  numero: cte.numero,
  status: cte.status,
  versao: cte.versao,
  dataEmissao: cte.dataEmissao,
  emitenteDocumento: cte.emitenteDocumento,
  transportadoraId: cte.transportadoraId,
  clienteId: cte.clienteId,
  codigoMunicipioOrigem: cte.codigoMunicipioOrigem,
  codigoMunicipioDestino: cte.codigoMunicipioDestino,
  pesoBruto: cte.pesoBruto,
  pesoOrigem: cte.pesoOrigem,
  valorNotas: cte.valorNotas,
  valorCarga: cte.valorCarga,
  /** The charged amount (valoresCobranca, at reading). */
  valorTotal: cte.valorTotal,
  /** The table chosen with "Trocar tabela": later audits keep it. */
  tabelaEscolhidaId: cte.tabelaFreteId,
  tipoVeiculoId: cte.tipoVeiculoId,
  grupoId: cte.grupoId,
  agrupamento: cte.agrupamento,
  icms: sql<IcmsCte | null>`${cte.documento} -> 'icms'`,
  // Issue 31: the accessorials it charges (component names, the ERP's charge code) and the CT-e it refers to.
  componentes: sql<string[] | null>`jsonb_path_query_array(${cte.documento}, '$.prestacao.componentes[*].nome')`,
  codigoCobrancaAdicional: cte.codigoCobrancaAdicional,
  tipoCte: cte.tipoCte,
  chaveReferenciada: cte.chaveReferenciada,
  cteReferenciadoId: cte.cteReferenciadoId,
  /** The referred CT-e's número (an anulação's reason names it): one primary-key probe, only for CT-es that refer. */
  numeroReferenciado: sql<number | null>`case when ${cte.cteReferenciadoId} is not null then (select r.numero from cte r where r.id = "cte".cte_referenciado_id) end`,
  /** A complement's original: its approved value and its last audit's expected value. */
  valorCorreto: cte.valorCorreto,
  valorAuditoria: cte.valorAuditoria,
};

export const selecionarCtes = (db: Db) => db.select(colunas).from(cte);

export type LinhaCteAuditoria = Awaited<ReturnType<typeof selecionarCtes>>[number];

/** The CT-e as the audit reads it (the routes' checks before a single-CT-e action). */
export async function lerCteAuditoria(db: Db, id: number): Promise<LinhaCteAuditoria | undefined> {
  const [l] = await selecionarCtes(db).where(eq(cte.id, id));
  return l;
}
