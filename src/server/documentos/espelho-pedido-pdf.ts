import type { DadosEspelhoPedido } from '../relatorios/espelho-pedido';
import { LINHAS_TABELA, campo, cnpj, data, dinheiro, direita, gerarDocumentoRomaneio, ou, pesoKg, somar, th } from './romaneio-pdf-comum';

// The order mirror (spec 03 §7 /vwpedidos/espelhoPedido/{json}): the order, its customer, and its invoices
// with weights, values and whether the ERP holds each one's PDF; totals of the notes.

/** The ERP's order statuses by their label, never the raw code ("FATURADO" → "Faturado"); an unknown code in sentence case. */
const ROTULO_STATUS_PEDIDO: Record<string, string> = { APROVADO: 'Aprovado', FATURADO: 'Faturado', EM_PRODUCAO: 'Em produção', EXPEDIDO: 'Expedido' };
export const rotuloStatusPedido = (status: string) =>
  ROTULO_STATUS_PEDIDO[status] ?? (status ? status.charAt(0).toUpperCase() + status.slice(1).toLowerCase().replaceAll('_', ' ') : '—');

function notas(d: DadosEspelhoPedido) {
  const corpo = d.notas.map((n) => [String(n.numero), n.serie, data(n.dataEmissao), { text: n.chave, fontSize: 7 }, direita(pesoKg(n.pesoBruto)), direita(dinheiro(n.valor)), n.temPdf ? 'Sim' : 'Não']);
  const vazio = d.notas.length ? [] : [[{ text: 'Nenhuma nota fiscal emitida para o pedido.', colSpan: 7, italics: true }, {}, {}, {}, {}, {}, {}]];
  const total = [
    { text: `Total (${d.notas.length} ${d.notas.length === 1 ? 'nota' : 'notas'})`, bold: true, colSpan: 4 }, {}, {}, {},
    direita(pesoKg(somar(d.notas.map((n) => n.pesoBruto ?? '0'))), { bold: true }),
    direita(dinheiro(somar(d.notas.map((n) => n.valor ?? '0'))), { bold: true }),
    '',
  ];
  return {
    table: {
      headerRows: 1,
      widths: [44, 26, 50, '*', 60, 64, 30],
      body: [[th('Nota fiscal'), th('Série'), th('Emissão'), th('Chave de acesso'), th('Peso bruto (kg)', 'right'), th('Valor', 'right'), th('PDF')], ...corpo, ...vazio, total],
    },
    layout: LINHAS_TABELA,
  };
}

export function espelhoPedidoPdf(d: DadosEspelhoPedido): Promise<Buffer> {
  const c = d.cliente;
  return gerarDocumentoRomaneio({
    titulo: 'Espelho do pedido',
    empresa: d.empresa,
    subtitulo: `Pedido ${d.pedidoId} · ${data(d.dataPedido)}`,
    content: [
      campo('Pedido', d.pedidoId),
      campo('Data do pedido', data(d.dataPedido)),
      campo('Status', rotuloStatusPedido(d.status)),
      campo('Cliente', c ? `${c.razaoSocial} (${c.clienteId})` : '—'),
      campo('CNPJ/CPF', c?.cpfCnpj ? cnpj(c.cpfCnpj) : '—'),
      campo('Cidade', c?.cidade ? `${c.cidade}/${ou(c.estado)}` : '—'),
      campo('Valor do pedido', dinheiro(d.valorTotal)),
      ...(d.codigoCobrancaAdicional ? [campo('Cobrança adicional', d.codigoCobrancaAdicional)] : []),
      { text: 'Notas fiscais', style: 'h2' },
      notas(d),
    ],
  });
}
