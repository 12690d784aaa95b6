import { Dec } from '../../../domain/frete/decimal-exato';
import type { Aleatorio } from './aleatorio';
import { dataHoraLocal } from './datas-demo';
import type { Plano } from './tipos-demo';

/**
 * The demo ERP's notes (vw_nota_fiscal) and orders (vw_pedido) behind the planned CT-es: processing finds
 * them by key. An order is the sum of its notes, dated a few days before its first CT-e (one draw per order).
 */
export function notasPedidosErp(planos: Plano[], r: Aleatorio) {
  const pedidos = new Map<string, { pedidoId: string; clienteId: string; status: string; dataPedido: string; valorTotal: Dec; codigoCobrancaAdicional: string | null }>();
  const notas = planos.flatMap((p) =>
    p.notas.map((n) => {
      const pedido = pedidos.get(n.pedidoId);
      if (pedido) pedido.valorTotal = pedido.valorTotal.plus(n.valor);
      else
        pedidos.set(n.pedidoId, {
          pedidoId: n.pedidoId,
          clienteId: p.cliente.erpId,
          status: 'FATURADO',
          dataPedido: dataHoraLocal(p.ms - (2 + r.inteiro(10)) * 86_400_000).slice(0, 10),
          valorTotal: new Dec(n.valor),
          codigoCobrancaAdicional: p.codigoCobranca,
        });
      return {
        notaFiscalId: n.notaFiscalId,
        chave: n.chave,
        numero: n.numero,
        serie: '1',
        dataEmissao: n.dataEmissao,
        tipo: p.tipo,
        pedidoId: n.pedidoId,
        clienteId: p.cliente.erpId,
        pesoBruto: n.pesoBruto,
        pesoLiquido: n.pesoLiquido,
        valorTotalProdutos: n.valorTotalProdutos,
        valor: n.valor,
      };
    }),
  );
  return { notas, pedidos: [...pedidos.values()].map((p) => ({ ...p, valorTotal: p.valorTotal.toFixed(2) })) };
}
