import type { DadosInadimplencia } from '../relatorios/inadimplencia';
import { LINHAS_TABELA, campo, cnpj, data, dinheiro, direita, gerarDocumentoRomaneio, somar, th } from './romaneio-pdf-comum';

// Inadimplência (spec 03 §7 /inadimplencias/impressao): the receivables due in the period still open at
// the position date, by due date, with the days overdue; count and total.

export function inadimplenciaPdf(d: DadosInadimplencia): Promise<Buffer> {
  const periodo = `${data(d.inicio)} a ${data(d.fim)}`;
  const vazio = d.titulos.length ? [] : [[{ text: 'Nenhum título vencido em aberto no período.', colSpan: 8, italics: true }, {}, {}, {}, {}, {}, {}, {}]];
  return gerarDocumentoRomaneio({
    titulo: 'Inadimplência',
    empresa: d.empresa,
    subtitulo: `Vencimentos de ${periodo} · posição em ${data(d.posicao)}`,
    paisagem: true,
    content: [
      campo('Período de vencimento', periodo),
      campo('Posição em', data(d.posicao)),
      { text: '', margin: [0, 0, 0, 6] },
      {
        table: {
          headerRows: 1,
          widths: ['*', 90, 64, 34, 50, 56, 44, 70],
          body: [
            [th('Cliente'), th('CNPJ/CPF'), th('Documento'), th('Parcela', 'right'), th('Emissão'), th('Vencimento'), th('Dias em atraso', 'right'), th('Valor', 'right')],
            ...d.titulos.map((t) => [t.razaoSocial, t.cpfCnpj ? cnpj(t.cpfCnpj) : '—', t.documento, direita(String(t.parcela)), data(t.dataEmissao), data(t.dataVencimento), direita(String(t.diasAtraso)), direita(dinheiro(t.valor))]),
            ...vazio,
            [{ text: `Total (${d.titulos.length} ${d.titulos.length === 1 ? 'título' : 'títulos'})`, bold: true, colSpan: 7 }, {}, {}, {}, {}, {}, {}, direita(dinheiro(somar(d.titulos.map((t) => t.valor))), { bold: true })],
          ],
        },
        layout: LINHAS_TABELA,
      },
    ],
  });
}
