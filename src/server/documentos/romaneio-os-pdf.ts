import { ROTULO_STATUS_ROMANEIO } from '../../contracts/romaneio-status';
import type { DadosRomaneioOs, ItemRomaneioOsDocumento } from './romaneio-dados';
import {
  LINHAS_TABELA, assinaturas, campo, cpf, data, dinheiro, direita, gerarDocumentoRomaneio, linhaContinuacao, linhaTransportadora,
  linhasMotorista, metrosQuadrados, observacao, ou, pesoKg, somar, th, volumes,
} from './romaneio-pdf-comum';

// The service-order manifest PDF (spec 03 §7 POST /romaneios-colacril/imprimir/{id}): carrier, driver,
// seal, vehicle and plates, route, the items (service orders and notes under each), totals, signatures.

const ROTULO_UNIDADE: Record<string, string> = { DESCONHECIDO: '—', BARRICA: 'Barrica', CAIXA: 'Caixa', PALLET: 'Pallet' };
const ROTULO_STATUS_ITEM: Record<string, string> = { EXPEDIDO: 'Expedido', FATURADO: 'Faturado', CANCELADO: 'Cancelado' };
const COLUNAS = 14;

function cabecalho(d: DadosRomaneioOs) {
  return {
    columns: [
      [
        campo('Romaneio', String(d.numero)),
        campo('Emissão', data(d.dataEmissao)),
        campo('Status', ROTULO_STATUS_ROMANEIO[d.status] ?? d.status),
        campo('Lacre', ou(d.lacre)),
      ],
      [linhaTransportadora(d.transportadora), ...linhasMotorista(d.motorista)],
      [
        campo('Tipo de veículo', ou(d.tipoVeiculo)),
        campo('Placa do cavalo', ou(d.placaCavalo)),
        campo('Placa da carreta', ou(d.placaCarreta)),
        campo('Origem', ou(d.origem)),
        campo('Destino', ou(d.destino)),
      ],
    ],
    columnGap: 12,
    margin: [0, 4, 0, 8],
  };
}

const notasDoItem = (it: ItemRomaneioOsDocumento) =>
  [it.ordensServico.length ? `O.S: ${it.ordensServico.join(', ')}` : '', it.observacao?.trim() ? `Obs.: ${it.observacao.trim()}` : ''].filter(Boolean);

/** The item lines (null) and their notes lines (the continuation line), by cell id (romaneio-pdf-comum.ts). */
const continuacoes = (itens: readonly ItemRomaneioOsDocumento[]) =>
  new Map<string, string | null>(
    itens.flatMap((it, i) => [[`item-${i}`, null], ...(notasDoItem(it).length ? [[`item-${i}-notas`, linhaContinuacao(it.item, it.notaFiscalId)] as const] : [])]),
  );

function linhasDoItem(it: ItemRomaneioOsDocumento, i: number): unknown[][] {
  const principal = [
    { text: String(it.item), id: `item-${i}` }, ou(it.pedidoId), ou(it.notaFiscalId), it.cliente, it.clienteRetira ? 'Sim' : 'Não', ou(it.redespacho),
    direita(metrosQuadrados(it.quantidadeM2)), direita(pesoKg(it.pesoLiquido)), direita(pesoKg(it.pesoBruto)), direita(volumes(it.volumes)),
    ROTULO_UNIDADE[it.unidade] ?? it.unidade, direita(dinheiro(it.valorNotaFiscal)), direita(dinheiro(it.frete), { bold: true }),
    ROTULO_STATUS_ITEM[it.status] ?? it.status,
  ];
  const notas = notasDoItem(it);
  if (!notas.length) return [principal];
  const vazias = Array.from({ length: COLUNAS - 2 }, () => ({}));
  return [principal, ['', { text: notas.join('   '), style: 'detalhe', colSpan: COLUNAS - 1, id: `item-${i}-notas` }, ...vazias]];
}

function tabelaItens(d: DadosRomaneioOs) {
  const negrito = { bold: true };
  const total = [
    { text: `Total (${d.itens.length} ${d.itens.length === 1 ? 'item' : 'itens'})`, bold: true, colSpan: 6 }, {}, {}, {}, {}, {},
    direita(metrosQuadrados(somar(d.itens.map((it) => it.quantidadeM2))), negrito),
    direita(pesoKg(somar(d.itens.map((it) => it.pesoLiquido))), negrito),
    direita(pesoKg(somar(d.itens.map((it) => it.pesoBruto))), negrito),
    direita(volumes(d.itens.reduce((s, it) => s + it.volumes, 0)), negrito),
    '',
    direita(dinheiro(somar(d.itens.map((it) => it.valorNotaFiscal))), negrito),
    direita(dinheiro(somar(d.itens.map((it) => it.frete))), negrito),
    '',
  ];
  const titulos = [
    th('Item'), th('Pedido'), th('NF'), th('Cliente'), th('Retira'), th('Redespacho'), th('M²', 'right'), th('Peso líq. (kg)', 'right'),
    th('Peso bruto (kg)', 'right'), th('Vol.', 'right'), th('Unid.'), th('Valor NF', 'right'), th('Frete', 'right'), th('Status'),
  ];
  return {
    table: {
      headerRows: 1,
      widths: [22, 36, 40, '*', 28, 70, 40, 48, 48, 28, 36, 58, 52, 44],
      body: [titulos, ...d.itens.flatMap((it, i) => linhasDoItem(it, i)), total],
    },
    layout: LINHAS_TABELA,
  };
}

export function romaneioOsPdf(d: DadosRomaneioOs): Promise<Buffer> {
  return gerarDocumentoRomaneio({
    titulo: 'Romaneio de ordens de serviço',
    empresa: d.empresa,
    subtitulo: `Romaneio nº ${d.numero} · ${data(d.dataEmissao)}`,
    paisagem: true,
    continuacoes: continuacoes(d.itens),
    content: [
      cabecalho(d),
      { text: 'Itens', style: 'h2' },
      tabelaItens(d),
      ...observacao(d.observacao),
      assinaturas([
        [d.motorista.nome, `Motorista · CPF ${cpf(d.motorista.cpf)}`],
        [d.transportadora.razaoSocial, 'Transportadora'],
        [`Expedição ${d.empresa}`, 'Responsável'],
      ]),
    ],
  });
}
