import Decimal from 'decimal.js';
import type { Empresa } from '../../contracts/common';
import type { MunicipioRef } from '../../contracts/tabela-frete-modelo';
import type { PedidoCalculo, ResultadoCalculo } from '../../contracts/calculo-frete';
import { formatarDinheiro, formatarPeso, formatarTaxaPercentual } from '../../domain/format-number-br';
import { formatDateBr } from '../../domain/format-date-br';
import { gerarPdf } from './pdf-documento';

export interface DadosCotacao {
  empresa: Empresa;
  emitidoEm: Date;
  pedido: PedidoCalculo;
  origem: MunicipioRef;
  destino: MunicipioRef;
  /** "Qualquer" or the type's description. */
  tipoVeiculo: string;
  /** Customer name and CNPJ, when the register knows it. */
  cliente: string | null;
  resultados: ResultadoCalculo[];
}

const AZUL = '#1e3a8a';
const CINZA = '#4b5563';

const municipio = (m: MunicipioRef) => `${m.nome}/${m.siglaUf}`;
const vigencia = (r: ResultadoCalculo) =>
  r.tabelaFrete?.inicio ? `${formatDateBr(r.tabelaFrete.inicio)} a ${r.tabelaFrete.fim ? formatDateBr(r.tabelaFrete.fim) : 'indeterminado'}` : '—';
// Emission time as the users read it: Brasília, whatever the server's zone.
const dataHora = (d: Date) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }).format(d);

function cabecalho(d: DadosCotacao) {
  const campo = (rotulo: string, valor: string) => ({ text: [{ text: `${rotulo}: `, bold: true }, valor], margin: [0, 1, 0, 1] });
  const icms = formatarTaxaPercentual(new Decimal(d.pedido.icms).times(100).toString());
  return {
    columns: [
      [
        campo('Data de despacho', formatDateBr(d.pedido.dataDespacho)),
        campo('Cliente', d.cliente ?? d.pedido.cliente),
        campo('Origem', municipio(d.origem)),
        campo('Destino', municipio(d.destino)),
      ],
      [
        campo('Tipo de veículo', d.tipoVeiculo),
        campo('Peso', `${formatarPeso(d.pedido.peso)} kg`),
        campo('Valor da carga', formatarDinheiro(d.pedido.valor)),
        campo('ICMS', icms),
      ],
    ],
    columnGap: 16,
    margin: [0, 8, 0, 12],
  };
}

function resumo(resultados: ResultadoCalculo[]) {
  const linhas = resultados.map((r) => [
    r.transportadora.razaoSocial,
    vigencia(r),
    r.percurso?.descricao ?? '—',
    r.status === 'SUCESSO' ? { text: formatarDinheiro(r.valorTotal), alignment: 'right', bold: true } : { text: 'Não calculado', alignment: 'right', color: '#b91c1c' },
  ]);
  return {
    table: {
      headerRows: 1,
      widths: ['*', 'auto', 'auto', 'auto'],
      body: [[{ text: 'Transportadora', style: 'th' }, { text: 'Vigência da tabela', style: 'th' }, { text: 'Percurso', style: 'th' }, { text: 'Total', style: 'th', alignment: 'right' }], ...linhas],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 14],
  };
}

// A carrier's block is one table whose header rows are its heading (and the column titles): pdfmake keeps
// the header rows with the first lines (keepWithHeaderRows) and repeats them atop a continuation page, so a
// heading never ends a page alone. (An unbreakable stack of the whole block would drop what passes a page.)
type NoTabela = { table: { body: unknown[]; headerRows: number; widths: unknown[] } };
/** lightHorizontalLines without lines around the heading row. */
const LINHAS_DETALHE = {
  hLineWidth: (i: number, no: NoTabela) => (i <= 1 || i === no.table.body.length ? 0 : i === no.table.headerRows ? 2 : 1),
  vLineWidth: () => 0,
  hLineColor: (i: number, no: NoTabela) => (i === no.table.headerRows ? 'black' : '#aaa'),
  paddingLeft: (i: number) => (i === 0 ? 0 : 8),
  paddingRight: (i: number, no: NoTabela) => (i === no.table.widths.length - 1 ? 0 : 8),
};
const SEM_LINHAS = { hLineWidth: () => 0, vLineWidth: () => 0, paddingLeft: () => 0, paddingRight: () => 0, paddingTop: () => 0, paddingBottom: () => 0 };

function detalhe(r: ResultadoCalculo): unknown[] {
  const titulo = { text: r.transportadora.razaoSocial, style: 'h2' };
  if (r.status !== 'SUCESSO') {
    const mensagens = r.mensagens.length ? r.mensagens : ['O cálculo falhou.'];
    const corpo = [[titulo], ...mensagens.map((m) => [{ ul: [m], color: '#b91c1c', margin: [0, 1, 0, 1] }])];
    return [{ table: { headerRows: 1, keepWithHeaderRows: 1, widths: ['*'], body: corpo }, layout: SEM_LINHAS, margin: [0, 0, 0, 10] }];
  }
  const linhas = r.elementosCusto.map((l) => [l.descricao, { text: formatarDinheiro(l.valor), alignment: 'right' }]);
  return [
    {
      table: {
        headerRows: 2,
        keepWithHeaderRows: 2,
        widths: ['*', 'auto'],
        body: [
          [{ ...titulo, colSpan: 2 }, {}],
          [{ text: 'Elemento de custo', style: 'th' }, { text: 'Valor', style: 'th', alignment: 'right' }],
          ...linhas,
          [{ text: 'Total', bold: true }, { text: formatarDinheiro(r.valorTotal), bold: true, alignment: 'right' }],
        ],
      },
      layout: LINHAS_DETALHE,
      margin: [0, 0, 0, r.mensagens.length ? 2 : 10],
    },
    ...(r.mensagens.length ? [{ ul: r.mensagens, fontSize: 8, color: CINZA, margin: [0, 0, 0, 10] }] : []),
  ];
}

/** The quotation PDF of the calculation dialog (spec 02 §2 Quotation tab, §7 POST /tabelas-frete/imprimir). */
export function gerarCotacaoPdf(d: DadosCotacao): Promise<Buffer> {
  return gerarPdf({
    info: { title: 'Cotação de frete', author: `Frete Console · ${d.empresa}`, subject: `${municipio(d.origem)} a ${municipio(d.destino)}` },
    pageSize: 'A4',
    pageMargins: [40, 48, 40, 48],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: {
      h1: { fontSize: 16, bold: true, color: AZUL },
      h2: { fontSize: 11, bold: true, color: AZUL, margin: [0, 4, 0, 2] },
      th: { bold: true, color: CINZA },
    },
    content: [
      {
        columns: [
          { text: 'Cotação de frete', style: 'h1' },
          { text: [{ text: d.empresa, bold: true }, `\nEmitida em ${dataHora(d.emitidoEm)}`], alignment: 'right' },
        ],
      },
      cabecalho(d),
      resumo(d.resultados),
      ...d.resultados.flatMap(detalhe),
    ],
    footer: (pagina: number, paginas: number) => ({
      columns: [
        { text: 'Valores calculados pelas tabelas de frete vigentes na data de despacho.', color: CINZA, fontSize: 7 },
        { text: `Página ${pagina} de ${paginas}`, alignment: 'right', color: CINZA, fontSize: 7 },
      ],
      margin: [40, 16, 40, 0],
    }),
  });
}
