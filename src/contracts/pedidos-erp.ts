import { z } from 'zod';
import { listQuerySchema } from './common';

// ERP orders and invoices (spec 03 §7 "Orders and invoices lookups").

/** Orders with these statuses are never listed. */
export const STATUS_PEDIDO_OCULTOS = ['ERRO', 'CANCELADO', 'RASCUNHO', 'NAO_PROCESSADO'] as const;
export const MSG_PEDIDO_NAO_ENCONTRADO = 'Pedido não encontrado.';
export const MSG_PEDIDO_JSON_INVALIDO = 'Parâmetro inválido: informe um JSON como {"pedidoId":"P1"}.';
export const MSG_PEDIDO_OBRIGATORIO = 'Informe o pedido.';

export interface PedidoErp {
  pedidoId: string;
  clienteId: string | null;
  clienteRazaoSocial: string | null;
  status: string;
  dataPedido: string;
  valorTotal: string | null;
  codigoCobrancaAdicional: string | null;
}
export interface NotaFiscalErp {
  notaFiscalId: string;
  chave: string;
  numero: number;
  serie: string;
  dataEmissao: string;
  tipo: string;
  pedidoId: string | null;
  clienteId: string | null;
  pesoBruto: string | null;
  pesoLiquido: string | null;
  valorTotalProdutos: string | null;
  valor: string | null;
}
export type PedidoErpDetalhe = PedidoErp & { notasFiscais: NotaFiscalErp[] };

const pedidoIdSchema = z.string({ error: MSG_PEDIDO_OBRIGATORIO }).trim().min(1, MSG_PEDIDO_OBRIGATORIO).max(30, 'O pedido tem no máximo 30 caracteres.');
/** GET /vwpedidos/listarSimples: page sorted by pedidoId desc; optional exact clienteId and pedidoId. */
export const pedidosListaQuerySchema = z.object({
  page: listQuerySchema.shape.page,
  size: listQuerySchema.shape.size,
  clienteId: z.string().trim().max(30, 'O cliente tem no máximo 30 caracteres.').optional().transform((v) => (v ? v : undefined)),
  pedidoId: z.string().trim().max(30, 'O pedido tem no máximo 30 caracteres.').optional().transform((v) => (v ? v : undefined)),
});
/** The {json} of /vwpedidos/{json} and /vwpedidos/detalhe/{json}: the order's key, {"pedidoId":"P1"}. */
export const pedidoChaveSchema = z.object({ pedidoId: pedidoIdSchema });
/** GET /vw-notas-fiscais/quantidade-nfs?pedidoId. */
export const quantidadeNfsQuerySchema = z.object({ pedidoId: pedidoIdSchema });
