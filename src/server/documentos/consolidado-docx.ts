import Decimal from 'decimal.js';
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { porUf, somaDe, type DadosAcompanhamento, type LinhaAcompanhamento } from '../relatorios/acompanhamentos';
import { formatarQuantidade } from '../../domain/format-number-br';
import { data, dinheiro } from './romaneio-pdf-comum';
import { percentualFaturado } from './vendido-faturado-pdf';

// Consolidado (spec 03 §7 /acompanhamentos/consolidado; named only): a DOCX summary of vendido × faturado
// for the period — overall totals, the totals by UF, and by customer.

const FONTE = 'Arial';
const titulo = (texto: string) => new Paragraph({ text: texto, heading: HeadingLevel.HEADING_2, spacing: { before: 240, after: 80 } });
const campo = (rotulo: string, valor: string) => new Paragraph({ children: [new TextRun({ text: `${rotulo}: `, bold: true }), new TextRun(valor)], spacing: { after: 40 } });
const celula = (texto: string, direita = false, negrito = false) =>
  new TableCell({ children: [new Paragraph({ alignment: direita ? AlignmentType.RIGHT : AlignmentType.LEFT, children: [new TextRun({ text: texto, bold: negrito, size: 16 })] })] });

function tabela(rotulo: string, linhas: LinhaAcompanhamento[]): Table {
  const cabecalho = new TableRow({ tableHeader: true, children: [rotulo, 'Pedidos', 'Vendido', 'Notas', 'Faturado', '% faturado'].map((t, i) => celula(t, i > 0, true)) });
  const linha = (l: LinhaAcompanhamento, negrito = false) =>
    new TableRow({
      children: [celula(l.razaoSocial, false, negrito), celula(formatarQuantidade(l.pedidos), true, negrito), celula(dinheiro(l.vendido), true, negrito), celula(formatarQuantidade(l.notas), true, negrito), celula(dinheiro(l.faturado), true, negrito), celula(percentualFaturado(l.vendido, l.faturado), true, negrito)],
    });
  return new Table({ rows: [cabecalho, ...linhas.map((l) => linha(l))], width: { size: 100, type: WidthType.PERCENTAGE } });
}

export function consolidadoDocx(d: DadosAcompanhamento): Promise<Buffer> {
  const vendido = somaDe(d.linhas, 'vendido');
  const faturado = somaDe(d.linhas, 'faturado');
  const periodo = `${data(d.inicio)} a ${data(d.fim)}`;
  const clientes = d.linhas.map((l) => ({ ...l, razaoSocial: `${l.razaoSocial} (${l.uf})` }));
  const documento = new Document({
    creator: `Frete Console · ${d.empresa}`,
    title: `Consolidado ${periodo}`,
    styles: { default: { document: { run: { font: FONTE, size: 20 } } } },
    sections: [
      {
        children: [
          new Paragraph({ text: 'Consolidado de vendas e faturamento', heading: HeadingLevel.HEADING_1 }),
          campo('Empresa', d.empresa),
          campo('Período', periodo),
          titulo('Totais'),
          campo('Vendido (pedidos do período)', dinheiro(vendido)),
          campo('Faturado (notas de saída do período)', dinheiro(faturado)),
          campo('Diferença', dinheiro(new Decimal(vendido).minus(faturado).toFixed(2))),
          campo('% faturado', percentualFaturado(vendido, faturado)),
          campo('Clientes', formatarQuantidade(d.linhas.length)),
          titulo('Por UF'),
          ...(d.linhas.length ? [tabela('UF', porUf(d.linhas))] : [new Paragraph('Nenhum pedido nem nota fiscal no período.')]),
          titulo('Por cliente'),
          ...(d.linhas.length ? [tabela('Cliente', clientes)] : [new Paragraph('Nenhum pedido nem nota fiscal no período.')]),
        ],
      },
    ],
  });
  return Packer.toBuffer(documento);
}
