import type { DadosDespesas, DespesaRomaneio } from './romaneio-dados';
import { LINHAS_TABELA, campo, data, dinheiro, direita, gerarDocumentoRomaneio, somar, th } from './romaneio-pdf-comum';

// Manifest expenses by period (spec 03 §7 /romaneios/despesas?inicio=&fim=): coleta, frete, pedágio,
// descarga and outros per manifest, each row's total, and the column totals.

const CAMPOS = ['coleta', 'frete', 'pedagio', 'descarga', 'outros'] as const;

const totalDa = (r: DespesaRomaneio) => somar(CAMPOS.map((c) => r[c]));

function tabela(d: DadosDespesas) {
  const linhas = d.romaneios.map((r) => [
    String(r.numero), data(r.dataEmissao), r.motorista,
    ...CAMPOS.map((c) => direita(dinheiro(r[c]))),
    direita(dinheiro(totalDa(r)), { bold: true }),
  ]);
  const total = [
    { text: `Total (${d.romaneios.length} ${d.romaneios.length === 1 ? 'romaneio' : 'romaneios'})`, bold: true, colSpan: 3 }, {}, {},
    ...CAMPOS.map((c) => direita(dinheiro(somar(d.romaneios.map((r) => r[c]))), { bold: true })),
    direita(dinheiro(somar(d.romaneios.map(totalDa))), { bold: true }),
  ];
  const vazio = d.romaneios.length ? [] : [[{ text: 'Nenhum romaneio no período.', colSpan: 9, italics: true }, {}, {}, {}, {}, {}, {}, {}, {}]];
  return {
    table: {
      headerRows: 1,
      widths: [44, 50, '*', 56, 56, 56, 56, 56, 62],
      body: [
        [th('Romaneio'), th('Emissão'), th('Motorista'), th('Coleta', 'right'), th('Frete', 'right'), th('Pedágio', 'right'), th('Descarga', 'right'), th('Outros', 'right'), th('Total', 'right')],
        ...linhas,
        ...vazio,
        total,
      ],
    },
    layout: LINHAS_TABELA,
  };
}

export function despesasRomaneiosPdf(d: DadosDespesas): Promise<Buffer> {
  const periodo = `${data(d.inicio)} a ${data(d.fim)}`;
  return gerarDocumentoRomaneio({
    titulo: 'Despesas de romaneios',
    empresa: d.empresa,
    subtitulo: `Período de ${periodo}`,
    paisagem: true,
    content: [campo('Período', periodo), { text: '', margin: [0, 0, 0, 6] }, tabela(d)],
  });
}
