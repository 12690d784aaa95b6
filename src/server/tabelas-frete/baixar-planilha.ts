import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { ARQUIVO_PLANILHA_MODELO } from '../../contracts/planilha-tabela';
import { MSG_REGISTRO_NAO_ENCONTRADO } from '../../contracts/erros';
import type { Db } from '../db/database';
import { transportadora } from '../db/schema/transportadora';
import { TIPO_XLSX } from '../exportacao/xlsx-stream';
import { ApiError } from '../http/api-error';
import { escreverPlanilhaTabela } from './planilha/escrever-planilha';
import { lerTabelaFrete } from './tabela-frete-do-banco';

// Issue 32: a freight table as a workbook (GET /tabelas-frete/{id}/planilha) and the empty template
// (GET /tabelas-frete/planilha/modelo); the workbook itself is planilha/escrever-planilha.ts.

const anexo = (c: Context, bytes: Uint8Array, arquivo: string) =>
  c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': TIPO_XLSX,
    'Content-Disposition': `attachment; filename="${arquivo}"`,
    'Cache-Control': 'no-store',
  });

/** "tabela-frete-11222333000181-2026-01-01.xlsx": the carrier's CNPJ (digits; its id without one) and the start. */
export const arquivoPlanilhaTabela = (cnpj: string | null, transportadoraId: number, inicio: string | null) =>
  `tabela-frete-${cnpj?.replace(/\D/g, '') || transportadoraId}-${inicio ?? 'sem-inicio'}.xlsx`;

export async function baixarPlanilhaTabela(c: Context, db: Db, id: number): Promise<Response> {
  const tabela = await lerTabelaFrete(db, id);
  if (!tabela) throw new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);
  const [dona] = await db.select({ cnpj: transportadora.cnpj }).from(transportadora).where(eq(transportadora.id, tabela.transportadora!.id));
  const cnpj = dona?.cnpj ?? null;
  const bytes = await escreverPlanilhaTabela(tabela, { transportadoraCnpj: cnpj });
  return anexo(c, bytes, arquivoPlanilhaTabela(cnpj, tabela.transportadora!.id, tabela.inicio));
}

export async function baixarModeloPlanilha(c: Context): Promise<Response> {
  return anexo(c, await escreverPlanilhaTabela(null, { transportadoraCnpj: null }), ARQUIVO_PLANILHA_MODELO);
}
