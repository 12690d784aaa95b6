import type { CompanyDatabase } from '../db/database';
import { schemaErpConfigurado } from '../erp/erp-source';
import { erpTabelas, erpTabelasRelatorios } from '../erp/erp-tabelas';

/** The ERP tables the reports read: the configured schema's, or the demo's (like erpNotasPedidosDe). */
export function tabelasRelatorios(banco: CompanyDatabase) {
  const schema = schemaErpConfigurado(banco.empresa) ?? banco.erpSchema;
  return { ...erpTabelas(schema), ...erpTabelasRelatorios(schema) };
}
