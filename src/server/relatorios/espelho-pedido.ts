import { asc, eq } from 'drizzle-orm';
import { mensagemPedidoNaoEncontrado } from '../../contracts/relatorios';
import type { Empresa } from '../../contracts/common';
import type { CompanyDatabase } from '../db/database';
import { ApiError } from '../http/api-error';
import { tabelasRelatorios } from './tabelas-relatorios';

// The order mirror (spec 03 §7 /vwpedidos/espelhoPedido/{json}): the order, its customer and its notes
// (with whether each has its PDF), as the PDF prints them.

export interface NotaEspelho {
  notaFiscalId: string;
  numero: number;
  serie: string;
  chave: string;
  dataEmissao: string;
  pesoBruto: string | null;
  valor: string | null;
  temPdf: boolean;
}

export interface DadosEspelhoPedido {
  empresa: Empresa;
  pedidoId: string;
  status: string;
  dataPedido: string;
  valorTotal: string | null;
  codigoCobrancaAdicional: string | null;
  cliente: { clienteId: string; razaoSocial: string; cpfCnpj: string | null; cidade: string | null; estado: string | null } | null;
  notas: NotaEspelho[];
}

const MAXIMO_NOTAS = 500;

export async function dadosEspelhoPedido(banco: CompanyDatabase, pedidoId: string): Promise<DadosEspelhoPedido> {
  const t = tabelasRelatorios(banco);
  const { db } = banco;
  const [pedido] = await db.select().from(t.vwPedido).where(eq(t.vwPedido.pedidoId, pedidoId)).limit(1);
  if (!pedido) throw new ApiError(404, [mensagemPedidoNaoEncontrado(pedidoId)]);
  const [cliente] = pedido.clienteId
    ? await db
        .select({ clienteId: t.vwCliente.clienteId, razaoSocial: t.vwCliente.razaoSocial, cpfCnpj: t.vwCliente.cpfCnpj, cidade: t.vwCliente.cidade, estado: t.vwCliente.estado })
        .from(t.vwCliente)
        .where(eq(t.vwCliente.clienteId, pedido.clienteId))
        .limit(1)
    : [];
  const notas = await db
    .select({
      notaFiscalId: t.vwNotaFiscal.notaFiscalId, numero: t.vwNotaFiscal.numero, serie: t.vwNotaFiscal.serie, chave: t.vwNotaFiscal.chave,
      dataEmissao: t.vwNotaFiscal.dataEmissao, pesoBruto: t.vwNotaFiscal.pesoBruto, valor: t.vwNotaFiscal.valor, pdfId: t.vwNotaFiscalPdf.notaFiscalId,
    })
    .from(t.vwNotaFiscal)
    .leftJoin(t.vwNotaFiscalPdf, eq(t.vwNotaFiscalPdf.notaFiscalId, t.vwNotaFiscal.notaFiscalId))
    .where(eq(t.vwNotaFiscal.pedidoId, pedidoId))
    .orderBy(asc(t.vwNotaFiscal.numero), asc(t.vwNotaFiscal.notaFiscalId))
    .limit(MAXIMO_NOTAS);
  return {
    empresa: banco.empresa,
    pedidoId: pedido.pedidoId,
    status: pedido.status,
    dataPedido: pedido.dataPedido,
    valorTotal: pedido.valorTotal,
    codigoCobrancaAdicional: pedido.codigoCobrancaAdicional,
    cliente: cliente ?? null,
    notas: notas.map(({ pdfId, ...n }) => ({ ...n, temPdf: pdfId !== null })),
  };
}
