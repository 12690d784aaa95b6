import { ROTULO_MOTIVO_CONTESTACAO } from '../../contracts/contestacoes';
import { formatarDinheiro as dinheiro } from '../../domain/format-number-br';
import { formatDateBr } from '../../domain/format-date-br';
import { gerarPdf } from '../documentos/pdf-documento';
import { abertura, cnpjDe, type DadosCarta } from './dados-carta';

// GET /contestacoes/{id}/carta: the letter to the carrier. Every name from outside (carrier, description, CT-e,
// cost elements) is a plain pdfmake text node: pdfmake reads no markup in it.

const AZUL = '#1e3a8a';
const CINZA = '#4b5563';
const dataHora = (d: Date) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }).format(d);
const campo = (rotulo: string, valor: string) => ({ text: [{ text: `${rotulo}: `, bold: true }, valor], margin: [0, 1, 0, 1] });
const direita = (texto: string, bold = false) => ({ text: texto, alignment: 'right', bold });

function tabelaLinhas(d: DadosCarta) {
  const c = d.contestacao;
  return {
    table: {
      headerRows: 1,
      widths: ['*', 'auto', 'auto', 'auto'],
      body: [
        ['CT-e (série/número)', 'Cobrado', 'Auditado', 'Contestado'].map((t, i) => ({ text: t, style: 'th', alignment: i ? 'right' : 'left' })),
        ...c.linhas.map((l) => [l.cte, direita(dinheiro(l.valorCobrado)), direita(dinheiro(l.valorCorreto)), direita(dinheiro(l.valorContestado))]),
        [{ text: 'Total', bold: true }, '', '', direita(dinheiro(c.valorContestado), true)],
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 4, 0, 10],
  };
}

function calculos(d: DadosCarta): unknown[] {
  return d.contestacao.linhas.flatMap((l) => {
    const calc = l.cteId === null ? undefined : d.calculos.get(l.cteId);
    if (!calc?.elementos.length) return [];
    return [
      { text: `Cálculo do CT-e ${l.cte}`, style: 'h2' },
      {
        table: {
          widths: ['*', 'auto'],
          body: [
            ...calc.elementos.map((e) => [e.descricao, direita(dinheiro(e.valor))]),
            [{ text: 'Total pela tabela', bold: true }, direita(dinheiro(calc.valorTotal), true)],
          ],
        },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 6],
      },
    ];
  });
}

export function cartaContestacaoPdf(d: DadosCarta): Promise<Buffer> {
  const c = d.contestacao;
  return gerarPdf({
    info: { title: `Contestação ${c.numero}`, author: `Frete Console · ${d.empresa.codigo}` },
    pageSize: 'A4',
    pageMargins: [40, 48, 40, 48],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: { h1: { fontSize: 16, bold: true, color: AZUL }, h2: { fontSize: 11, bold: true, color: AZUL, margin: [0, 6, 0, 2] }, th: { bold: true, color: CINZA } },
    content: [
      {
        columns: [
          { text: `Contestação de frete nº ${c.numero}`, style: 'h1' },
          { text: [{ text: d.empresa.razaoSocial, bold: true }, `\nCNPJ ${cnpjDe(d.empresa.cnpj)}\nEmitida em ${dataHora(d.emitidaEm)}`], alignment: 'right' },
        ],
      },
      {
        margin: [0, 8, 0, 8],
        stack: [
          campo('Transportadora', `${c.transportadora} (CNPJ ${cnpjDe(c.transportadoraCnpj)})`),
          campo('Motivo', ROTULO_MOTIVO_CONTESTACAO[c.motivo]),
          ...(c.faturaNumero ? [campo('Fatura', c.faturaNumero)] : []),
          campo('Prazo para resposta', formatDateBr(c.prazo)),
        ],
      },
      { text: abertura(d), margin: [0, 0, 0, 6] },
      ...(c.descricao ? [{ text: c.descricao, margin: [0, 0, 0, 6] }] : []),
      { text: 'CT-es contestados', style: 'h2' },
      tabelaLinhas(d),
      ...calculos(d),
    ],
    footer: (pagina: number, paginas: number) => ({
      columns: [
        { text: `Contestação ${c.numero} · ${d.empresa.razaoSocial}`, color: CINZA, fontSize: 7 },
        { text: `Página ${pagina} de ${paginas}`, alignment: 'right', color: CINZA, fontSize: 7 },
      ],
      margin: [40, 16, 40, 0],
    }),
  });
}
