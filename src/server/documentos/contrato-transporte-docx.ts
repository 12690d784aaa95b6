import {
  AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType,
} from 'docx';
import type { RateioItem } from '../../domain/romaneios/ratear-frete';
import type { DadosRomaneioFrete, ItemRomaneioFreteDocumento } from './romaneio-dados';
import { rateioDoRomaneio, totalValores } from './romaneio-frete-pdf';
import { cnpj, cpf, data, dinheiro, ou, pesoKg, quantidadeNaUnidade, somar } from './romaneio-pdf-comum';

// The transport contract of a freight-cost manifest (spec 03 §7 /romaneios/imprimir/contrato/{id}), a DOCX
// built with the docx package: parties, vehicle, values, the items with the apportioned freight, clauses.

const FONTE = 'Arial';
const titulo = (texto: string) => new Paragraph({ text: texto, heading: HeadingLevel.HEADING_2, spacing: { before: 240, after: 80 } });
const paragrafo = (texto: string) => new Paragraph({ children: [new TextRun(texto)], spacing: { after: 80 }, alignment: AlignmentType.JUSTIFIED });
const campo = (rotulo: string, valor: string) =>
  new Paragraph({ children: [new TextRun({ text: `${rotulo}: `, bold: true }), new TextRun(valor)], spacing: { after: 40 } });

function celula(texto: string, opcoes: { negrito?: boolean; direita?: boolean; tamanho?: number; span?: number } = {}) {
  return new TableCell({
    columnSpan: opcoes.span,
    children: [
      new Paragraph({
        alignment: opcoes.direita ? AlignmentType.RIGHT : AlignmentType.LEFT,
        children: [new TextRun({ text: texto, bold: opcoes.negrito, size: opcoes.tamanho ?? 16 })],
      }),
    ],
  });
}
const tabela = (linhas: TableRow[]) => new Table({ rows: linhas, width: { size: 100, type: WidthType.PERCENTAGE } });

/** The CONTRATANTE: legal name (company code), CNPJ, address; what the settings do not hold is left out. */
export function qualificacaoContratante(d: Pick<DadosRomaneioFrete, 'empresa' | 'contratante'>): string {
  const c = d.contratante;
  const nome = c?.razaoSocial?.trim() ? `${c.razaoSocial.trim()} (${d.empresa})` : d.empresa;
  return [nome, c?.cnpj ? `CNPJ ${cnpj(c.cnpj)}` : null, c?.endereco?.trim() ? `com sede em ${c.endereco.trim()}` : null].filter(Boolean).join(', ');
}

function partes(d: DadosRomaneioFrete): Paragraph[] {
  const m = d.motorista;
  const contratado = d.transportadora
    ? `${d.transportadora.razaoSocial}, CNPJ ${cnpj(d.transportadora.cnpj)}, representada pelo motorista ${m.nome}`
    : m.nome;
  return [
    titulo('1. Partes'),
    campo('CONTRATANTE', qualificacaoContratante(d)),
    campo('CONTRATADO', contratado),
    campo('Motorista', `${m.nome}, CPF ${cpf(m.cpf)}${m.cnh ? `, CNH ${m.cnh}` : ''}${m.rntnc ? `, RNTRC ${m.rntnc}` : ''}`),
    titulo('2. Veículo'),
    ...veiculo(d.veiculo),
  ];
}

/** What the manifest says of the vehicle; a field it lacks is left out, not printed as "—". */
function veiculo(v: DadosRomaneioFrete['veiculo']): Paragraph[] {
  const campos = [
    ...(v.placa ? [campo('Placa', v.placa)] : []),
    ...(v.tipo ? [campo('Tipo', v.tipo)] : []),
    ...(v.capacidade ? [campo('Capacidade (kg)', pesoKg(v.capacidade))] : []),
  ];
  return campos.length ? campos : [paragrafo('Não informado no romaneio.')];
}

function valores(d: DadosRomaneioFrete): (Paragraph | Table)[] {
  const v = d.valores;
  const pares: [string, string][] = [
    ['Coleta', v.coleta], ['Frete', v.frete], ['Pedágio', v.pedagio], ['Descarga', v.descarga], ['Outros', v.outros], ['Total', totalValores(v)],
  ];
  return [
    titulo('3. Valores'),
    tabela([
      new TableRow({ tableHeader: true, children: pares.map(([r]) => celula(r, { negrito: true, direita: true })) }),
      new TableRow({ children: pares.map(([r, x]) => celula(dinheiro(x), { direita: true, negrito: r === 'Total' })) }),
    ]),
  ];
}

function linhasDoItem(it: ItemRomaneioFreteDocumento, r: RateioItem): TableRow[] {
  const principal = new TableRow({
    children: [
      celula(String(it.item)), celula(ou(it.notaFiscalId)), celula(ou(it.pedidoId)), celula(it.cliente),
      celula(pesoKg(it.peso), { direita: true }), celula(dinheiro(it.valorNotaFiscal), { direita: true }),
      celula(dinheiro(r.item), { direita: true, negrito: true }),
    ],
  });
  const detalhes = it.detalhes.map(
    (det, j) =>
      new TableRow({
        children: [
          celula(''), celula(`Linha ${det.linha}`, { tamanho: 14 }),
          celula(`${det.descricao} (${quantidadeNaUnidade(det.quantidade, det.unidade)})`, { tamanho: 14, span: 3 }),
          celula(dinheiro(det.valorTotalItem), { tamanho: 14, direita: true }), celula(dinheiro(r.detalhes[j]), { tamanho: 14, direita: true }),
        ],
      }),
  );
  return [principal, ...detalhes];
}

function itens(d: DadosRomaneioFrete): (Paragraph | Table)[] {
  const rateio = rateioDoRomaneio(d);
  const cabecalho = new TableRow({
    tableHeader: true,
    children: ['Item', 'NF', 'Pedido', 'Cliente', 'Peso (kg)', 'Valor NF', 'Frete rateado'].map((t, i) => celula(t, { negrito: true, direita: i >= 4 })),
  });
  const total = new TableRow({
    children: [
      celula(`Total (${d.itens.length} ${d.itens.length === 1 ? 'item' : 'itens'})`, { negrito: true, span: 4 }),
      celula(pesoKg(somar(d.itens.map((it) => it.peso))), { negrito: true, direita: true }),
      celula(dinheiro(somar(d.itens.map((it) => it.valorNotaFiscal))), { negrito: true, direita: true }),
      celula(dinheiro(somar(rateio.map((r) => r.item))), { negrito: true, direita: true }),
    ],
  });
  return [titulo('4. Itens transportados'), tabela([cabecalho, ...d.itens.flatMap((it, i) => linhasDoItem(it, rateio[i])), total])];
}

function clausulas(d: DadosRomaneioFrete): Paragraph[] {
  const total = dinheiro(totalValores(d.valores));
  return [
    titulo('5. Cláusulas'),
    // A clause names only the data the manifest has: no vehicle, no "com o veículo de placa —".
    paragrafo(`Cláusula 1ª. O CONTRATADO obriga-se a transportar as mercadorias relacionadas no romaneio nº ${d.numero}${d.veiculo.placa ? `, com o veículo de placa ${d.veiculo.placa}` : ''}, entregando-as aos destinatários indicados nas notas fiscais.`),
    paragrafo(`Cláusula 2ª. Pelo serviço, o CONTRATANTE pagará ao CONTRATADO o valor total de ${total}, composto pelos valores de coleta, frete, pedágio, descarga e outros descritos acima.`),
    paragrafo('Cláusula 3ª. O CONTRATADO responde pela guarda e conservação das mercadorias desde o carregamento até a entrega, devendo comunicar imediatamente ao CONTRATANTE qualquer avaria, extravio ou atraso.'),
    paragrafo('Cláusula 4ª. O CONTRATADO declara possuir a documentação do veículo e a habilitação exigidas pela legislação de trânsito e de transporte rodoviário de cargas.'),
    paragrafo('Cláusula 5ª. Este contrato não estabelece vínculo empregatício entre as partes.'),
    ...(d.observacao?.trim() ? [campo('Observação', d.observacao.trim())] : []),
  ];
}

function assinaturas(d: DadosRomaneioFrete): Paragraph[] {
  const linha = (nome: string, papel: string) => [
    new Paragraph({ text: '______________________________________', spacing: { before: 600 } }),
    new Paragraph({ children: [new TextRun({ text: nome, bold: true })] }),
    new Paragraph({ text: papel }),
  ];
  return [
    new Paragraph({ text: `Data de emissão: ${data(d.dataEmissao)}`, spacing: { before: 240 } }),
    ...linha(d.contratante?.razaoSocial?.trim() || d.empresa, d.contratante?.cnpj ? `CONTRATANTE · CNPJ ${cnpj(d.contratante.cnpj)}` : 'CONTRATANTE'),
    ...linha(d.motorista.nome, `CONTRATADO · CPF ${cpf(d.motorista.cpf)}`),
  ];
}

export function contratoTransporteDocx(d: DadosRomaneioFrete): Promise<Buffer> {
  const documento = new Document({
    creator: `Frete Console · ${d.empresa}`,
    title: `Contrato de transporte · romaneio ${d.numero}`,
    styles: { default: { document: { run: { font: FONTE, size: 20 } } } },
    sections: [
      {
        children: [
          new Paragraph({ text: 'Contrato de prestação de serviço de transporte', heading: HeadingLevel.HEADING_1, alignment: AlignmentType.CENTER }),
          new Paragraph({ text: `Romaneio nº ${d.numero} · emitido em ${data(d.dataEmissao)}`, alignment: AlignmentType.CENTER }),
          ...partes(d),
          ...valores(d),
          ...itens(d),
          ...clausulas(d),
          ...assinaturas(d),
        ],
      },
    ],
  });
  return Packer.toBuffer(documento);
}
