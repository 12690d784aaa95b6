import { ROTULO_STATUS_ROMANEIO } from '../../contracts/romaneio-status';
import { ratearFrete, type RateioItem } from '../../domain/romaneios/ratear-frete';
import type { DadosRomaneioFrete, ItemRomaneioFreteDocumento, ValoresRomaneio } from './romaneio-dados';
import {
  LINHAS_TABELA, assinaturas, campo, cpf, data, dinheiro, direita, gerarDocumentoRomaneio, linhaContinuacao, linhaTransportadora,
  linhasMotorista, observacao, ou, pesoKg, quantidadeNaUnidade, somar, th, volumes,
} from './romaneio-pdf-comum';

// The freight-cost manifest PDF (spec 03 §7 POST /romaneios/imprimir/{id}): header, driver, vehicle,
// the items with their detail lines and the freight apportioned by ratearFrete, totals, signatures.

/** Σ of the five values of a manifest. */
export const totalValores = (v: ValoresRomaneio) => somar([v.coleta, v.frete, v.pedagio, v.descarga, v.outros]);

function cabecalho(d: DadosRomaneioFrete) {
  return {
    columns: [
      [
        campo('Romaneio', String(d.numero)),
        campo('Emissão', data(d.dataEmissao)),
        campo('Status', ROTULO_STATUS_ROMANEIO[d.status] ?? d.status),
        ...(d.transportadora ? [linhaTransportadora(d.transportadora)] : []),
      ],
      linhasMotorista(d.motorista),
      [
        campo('Placa', ou(d.veiculo.placa)),
        campo('Veículo', ou(d.veiculo.tipo)),
        ...(d.veiculo.capacidade ? [campo('Capacidade (kg)', pesoKg(d.veiculo.capacidade))] : []),
      ],
    ],
    columnGap: 12,
    margin: [0, 4, 0, 8],
  };
}

/** The five values and their sum, in one row. */
export function tabelaValores(v: ValoresRomaneio) {
  const rotulos = ['Coleta', 'Frete', 'Pedágio', 'Descarga', 'Outros', 'Total'];
  const valores = [v.coleta, v.frete, v.pedagio, v.descarga, v.outros, totalValores(v)];
  return {
    table: {
      widths: rotulos.map(() => '*'),
      body: [rotulos.map((r) => th(r, 'right')), valores.map((x, i) => direita(dinheiro(x), { bold: i === 5 }))],
    },
    layout: LINHAS_TABELA,
    margin: [0, 0, 0, 8],
  };
}

/** Cell ids of the items table's lines, for the continuation line (romaneio-pdf-comum.ts). */
const idItem = (i: number) => `item-${i}`;
const idDetalhe = (i: number, j: number) => `item-${i}-detalhe-${j}`;

/** The ids of the item lines (null) and detail lines (their item's continuation line), in order. */
export function continuacoesDosItens(itens: readonly { item: number; notaFiscalId: number | string | null; detalhes: readonly unknown[] }[]) {
  return new Map<string, string | null>(
    itens.flatMap((it, i) => [[idItem(i), null], ...it.detalhes.map((_, j) => [idDetalhe(i, j), linhaContinuacao(it.item, it.notaFiscalId)] as const)]),
  );
}

function linhasDoItem(it: ItemRomaneioFreteDocumento, rateio: RateioItem, i: number): unknown[][] {
  const principal = [
    { text: String(it.item), id: idItem(i) }, ou(it.notaFiscalId), ou(it.pedidoId), it.cliente, it.transportadora,
    direita(volumes(it.volumes)), direita(pesoKg(it.peso)), direita(dinheiro(it.valorNotaFiscal)), direita(dinheiro(rateio.item), { bold: true }),
  ];
  const detalhes = it.detalhes.map((det, j) => [
    '',
    { text: `Linha ${det.linha}`, style: 'detalhe', id: idDetalhe(i, j) },
    { text: det.descricao, style: 'detalhe', colSpan: 3 }, {}, {},
    { text: quantidadeNaUnidade(det.quantidade, det.unidade), style: 'detalhe', alignment: 'right', colSpan: 2 }, {},
    direita(dinheiro(det.valorTotalItem), { style: 'detalhe' }),
    direita(dinheiro(rateio.detalhes[j]), { style: 'detalhe' }),
  ]);
  return [principal, ...detalhes];
}

function tabelaItens(d: DadosRomaneioFrete, rateio: RateioItem[]) {
  const cabecalhoTabela = [
    th('Item'), th('NF'), th('Pedido'), th('Cliente'), th('Transportadora'),
    th('Volumes', 'right'), th('Peso (kg)', 'right'), th('Valor NF', 'right'), th('Frete rateado', 'right'),
  ];
  const total = [
    { text: `Total (${d.itens.length} ${d.itens.length === 1 ? 'item' : 'itens'})`, bold: true, colSpan: 5 }, {}, {}, {}, {},
    direita(volumes(d.itens.reduce((s, it) => s + it.volumes, 0)), { bold: true }),
    direita(pesoKg(somar(d.itens.map((it) => it.peso))), { bold: true }),
    direita(dinheiro(somar(d.itens.map((it) => it.valorNotaFiscal))), { bold: true }),
    direita(dinheiro(somar(rateio.map((r) => r.item))), { bold: true }),
  ];
  return {
    table: {
      headerRows: 1,
      widths: [22, 44, 44, '*', '*', 40, 52, 62, 62],
      body: [cabecalhoTabela, ...d.itens.flatMap((it, i) => linhasDoItem(it, rateio[i], i)), total],
    },
    layout: LINHAS_TABELA,
  };
}

/** The apportioned freight per item and detail line (none for a manifest without items). */
export const rateioDoRomaneio = (d: DadosRomaneioFrete): RateioItem[] => (d.itens.length ? ratearFrete(d.valores.frete, d.itens) : []);

export function romaneioFretePdf(d: DadosRomaneioFrete): Promise<Buffer> {
  const rateio = rateioDoRomaneio(d);
  return gerarDocumentoRomaneio({
    titulo: 'Romaneio de frete',
    empresa: d.empresa,
    subtitulo: `Romaneio nº ${d.numero} · ${data(d.dataEmissao)}`,
    paisagem: true,
    continuacoes: continuacoesDosItens(d.itens),
    content: [
      cabecalho(d),
      { text: 'Valores', style: 'h2' },
      tabelaValores(d.valores),
      { text: 'Itens', style: 'h2' },
      tabelaItens(d, rateio),
      ...observacao(d.observacao),
      assinaturas([
        [d.motorista.nome, `Motorista · CPF ${cpf(d.motorista.cpf)}`],
        [`Expedição ${d.empresa}`, 'Responsável'],
      ]),
    ],
  });
}
