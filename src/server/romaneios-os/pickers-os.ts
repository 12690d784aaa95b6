import { eq } from 'drizzle-orm';
import { INTEIRO_MAXIMO } from '../../contracts/common';
import type { FiltroOrdensServico, ListagemPicker, NotaFiscalListagem, OrdemServicoListagem } from '../../contracts/ordens-servico';
import type { CompanyDatabase } from '../db/database';
import { transportadora } from '../db/schema/transportadora';
import { erpOrdensServicoDe } from '../erp/erp-ordens-servico';
import { badRequest } from '../http/api-error';

// GET /ordens-servico/ordens-servico-transportadora and /notas-fiscais-transportadora (spec 03 §5, §7): the
// nested picker of the service-order manifest. Our choice: `transportadora` is the carrier's REGISTER id
// (the manifest's transportadora.id, what the dialog holds), translated here to the ERP's fornecedorId (one
// query on the primary key) for the ERP layer, which takes ERP ids. `cliente` stays the ERP's clienteId (as
// the contract says; the register's customer rows carry it). Without a period the ERP layer applies the
// default window (src/domain/ordens-servico/janela-ordens-servico.ts: today − 2 … today + 7, São Paulo).

export const MSG_TRANSPORTADORA_ID_INVALIDO = 'Transportadora: informe o identificador do cadastro (um número).';
export const mensagemTransportadoraDesconhecida = (id: number) => `Transportadora não encontrada (id ${id}): escolha uma transportadora cadastrada.`;

/** The filter with the carrier's register id replaced by its ERP fornecedorId; 400 when it is not a register id. */
async function comFornecedor(banco: CompanyDatabase, f: FiltroOrdensServico): Promise<FiltroOrdensServico> {
  if (!/^\d{1,10}$/.test(f.transportadora) || Number(f.transportadora) < 1 || Number(f.transportadora) > INTEIRO_MAXIMO) throw badRequest(MSG_TRANSPORTADORA_ID_INVALIDO);
  const id = Number(f.transportadora);
  const [t] = await banco.db.select({ fornecedorId: transportadora.fornecedorId }).from(transportadora).where(eq(transportadora.id, id));
  if (!t) throw badRequest(mensagemTransportadoraDesconhecida(id));
  return { ...f, transportadora: t.fornecedorId };
}

export async function ordensServicoDaTransportadora(banco: CompanyDatabase, f: FiltroOrdensServico): Promise<ListagemPicker<OrdemServicoListagem>> {
  return erpOrdensServicoDe(banco).ordensServicoTransportadora(await comFornecedor(banco, f));
}

export async function notasFiscaisDaTransportadora(banco: CompanyDatabase, f: FiltroOrdensServico): Promise<ListagemPicker<NotaFiscalListagem>> {
  return erpOrdensServicoDe(banco).notasFiscaisTransportadora(await comFornecedor(banco, f));
}
