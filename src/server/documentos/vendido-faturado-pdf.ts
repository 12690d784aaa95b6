import Decimal from 'decimal.js';
import { somaDe, type DadosAcompanhamento, type LinhaAcompanhamento } from '../relatorios/acompanhamentos';
import { LINHAS_TABELA, campo, data, dinheiro, direita, gerarDocumentoRomaneio, th } from './romaneio-pdf-comum';
import { percentual } from '../../domain/dinheiro';
import { formatNumberBr, formatarQuantidade } from '../../domain/format-number-br';

// Vendido × faturado (spec 03 §7 /acompanhamentos/vendidoXfaturado): per customer, the orders' value in the
// period against the outgoing invoices' value, the difference and the share invoiced; the totals.

/** Invoiced over sold, as a percentage rounded once to one decimal ("—" without sales). */
export function percentualFaturado(vendido: string, faturado: string): string {
  const v = new Decimal(vendido);
  return v.isZero() ? '—' : `${formatNumberBr(percentual(faturado, v, 1).toFixed(1), { decimals: 1 })}%`;
}

const colunas = (l: LinhaAcompanhamento, negrito = false) => [
  direita(formatarQuantidade(l.pedidos), { bold: negrito }),
  direita(dinheiro(l.vendido), { bold: negrito }),
  direita(formatarQuantidade(l.notas), { bold: negrito }),
  direita(dinheiro(l.faturado), { bold: negrito }),
  direita(dinheiro(new Decimal(l.vendido).minus(l.faturado).toFixed(2)), { bold: negrito }),
  direita(percentualFaturado(l.vendido, l.faturado), { bold: negrito }),
];

export function vendidoFaturadoPdf(d: DadosAcompanhamento): Promise<Buffer> {
  const periodo = `${data(d.inicio)} a ${data(d.fim)}`;
  const total: LinhaAcompanhamento = {
    clienteId: '', razaoSocial: '', uf: '', pedidos: d.linhas.reduce((s, l) => s + l.pedidos, 0), notas: d.linhas.reduce((s, l) => s + l.notas, 0),
    vendido: somaDe(d.linhas, 'vendido'), faturado: somaDe(d.linhas, 'faturado'),
  };
  const vazio = d.linhas.length ? [] : [[{ text: 'Nenhum pedido nem nota fiscal no período.', colSpan: 8, italics: true }, {}, {}, {}, {}, {}, {}, {}]];
  return gerarDocumentoRomaneio({
    titulo: 'Vendido × faturado',
    empresa: d.empresa,
    subtitulo: `Período de ${periodo}`,
    paisagem: true,
    content: [
      campo('Período', periodo),
      { text: 'Vendido: pedidos do período (sem os em erro, cancelados, rascunhos e não processados). Faturado: notas fiscais de saída emitidas no período.', style: 'detalhe', margin: [0, 0, 0, 6] },
      {
        table: {
          headerRows: 1,
          widths: ['*', 24, 44, 76, 40, 76, 76, 52],
          body: [
            [th('Cliente'), th('UF'), th('Pedidos', 'right'), th('Vendido', 'right'), th('Notas', 'right'), th('Faturado', 'right'), th('Diferença', 'right'), th('% faturado', 'right')],
            ...d.linhas.map((l) => [l.razaoSocial, l.uf, ...colunas(l)]),
            ...vazio,
            [{ text: `Total (${d.linhas.length} ${d.linhas.length === 1 ? 'cliente' : 'clientes'})`, bold: true, colSpan: 2 }, {}, ...colunas(total, true)],
          ],
        },
        layout: LINHAS_TABELA,
      },
    ],
  });
}
