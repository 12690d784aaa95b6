import type { Empresa } from '../../contracts/common';
import type { ResultadoReajuste } from '../../contracts/reajuste';
import { Dec } from '../../domain/frete/decimal-exato';
import { formatDateBr } from '../../domain/format-date-br';
import { formatarDinheiro } from '../../domain/format-number-br';
import { gerarPdf } from './pdf-documento';

// Issue 32: the readjustment simulation as a PDF: heading, totals (all and per destination UF), per element, and the
// CT-es with the largest differences (the .xlsx lists every CT-e).

/** The CT-es printed: the largest differences. */
export const CTES_NO_PDF = 100;

const AZUL = '#1e3a8a';
const CINZA = '#4b5563';
const VERMELHO = '#b91c1c';

const dataHora = (d: Date) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }).format(d);
const dinheiro = (v: string, extra: Record<string, unknown> = {}) => ({ text: formatarDinheiro(v), alignment: 'right', ...extra });
const diferenca = (simulado: string, esperado: string) => {
  const d = new Dec(simulado).minus(esperado);
  return dinheiro(d.toFixed(2), d.isPositive() && !d.isZero() ? { color: VERMELHO } : {});
};
const th = (text: string, direita = false) => ({ text, style: 'th', ...(direita ? { alignment: 'right' } : {}) });
const tabela = (widths: unknown[], body: unknown[][]) => ({ table: { headerRows: 1, widths, body }, layout: 'lightHorizontalLines', margin: [0, 0, 0, 12] });

function cabecalho(r: ResultadoReajuste) {
  const campo = (rotulo: string, valor: string) => ({ text: [{ text: `${rotulo}: `, bold: true }, valor], margin: [0, 1, 0, 1] });
  return {
    stack: [
      campo('Transportadora', r.tabela.transportadora.razaoSocial),
      campo('Tabela de frete', `${r.tabela.id} (versão ${r.tabela.versao})`),
      campo('Período', `${formatDateBr(r.dataIni)} a ${formatDateBr(r.dataFim)}`),
      campo('Proposta', r.proposta),
      campo('CT-es simulados', String(r.totalCtes)),
      campo('CT-es auditados com outra tabela (fora da simulação)', String(r.outrasTabelas)),
    ],
    margin: [0, 8, 0, 12],
  };
}

function totais(r: ResultadoReajuste) {
  const linha = (rotulo: string, c: ResultadoReajuste['total'], negrito = false) => [
    { text: rotulo, bold: negrito },
    { text: String(c.ctes), alignment: 'right' },
    dinheiro(c.esperado),
    dinheiro(c.cobrado),
    dinheiro(c.simulado, { bold: negrito }),
    diferenca(c.simulado, c.esperado),
  ];
  return tabela(
    ['*', 'auto', 'auto', 'auto', 'auto', 'auto'],
    [
      [th('Recorte'), th('CT-es', true), th('Esperado', true), th('Cobrado', true), th('Simulado', true), th('Simulado − esperado', true)],
      linha('Total', r.total, true),
      ...r.porUf.map((u) => linha(`UF de destino ${u.uf}`, u)),
    ],
  );
}

function elementos(r: ResultadoReajuste) {
  return tabela(
    ['*', 'auto', 'auto', 'auto'],
    [[th('Elemento de custo'), th('Esperado', true), th('Simulado', true), th('Simulado − esperado', true)], ...r.porElemento.map((e) => [e.descricao, dinheiro(e.esperado), dinheiro(e.simulado), diferenca(e.simulado, e.esperado)])],
  );
}

function ctes(r: ResultadoReajuste) {
  const linhas = r.ctes.slice(0, CTES_NO_PDF).map((c) => [
    String(c.numero ?? '—'),
    formatDateBr(c.dataEmissao),
    c.ufDestino ?? '—',
    dinheiro(c.esperado),
    dinheiro(c.cobrado),
    c.falha ? { text: 'Não calculado', color: VERMELHO, alignment: 'right' } : dinheiro(c.simulado),
    diferenca(c.simulado, c.esperado),
  ]);
  return tabela(
    ['auto', 'auto', 'auto', '*', '*', '*', '*'],
    [[th('CT-e'), th('Emissão'), th('UF'), th('Esperado', true), th('Cobrado', true), th('Simulado', true), th('Simulado − esperado', true)], ...linhas],
  );
}

export interface DadosReajustePdf {
  empresa: Empresa;
  emitidoEm: Date;
  resultado: ResultadoReajuste;
}

export function gerarReajustePdf({ empresa, emitidoEm, resultado: r }: DadosReajustePdf): Promise<Buffer> {
  const listados = Math.min(CTES_NO_PDF, r.ctes.length);
  return gerarPdf({
    info: { title: 'Simulação de reajuste', author: `Frete Console · ${empresa}`, subject: r.tabela.transportadora.razaoSocial },
    pageSize: 'A4',
    pageMargins: [40, 48, 40, 48],
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: { h1: { fontSize: 16, bold: true, color: AZUL }, h2: { fontSize: 11, bold: true, color: AZUL, margin: [0, 4, 0, 4] }, th: { bold: true, color: CINZA } },
    content: [
      {
        columns: [
          { text: 'Simulação de reajuste', style: 'h1' },
          { text: [{ text: empresa, bold: true }, `\nEmitida em ${dataHora(emitidoEm)}`], alignment: 'right' },
        ],
      },
      cabecalho(r),
      { text: 'Totais', style: 'h2' },
      totais(r),
      { text: 'Por elemento de custo', style: 'h2' },
      elementos(r),
      { text: listados < r.totalCtes ? `CT-es: as ${listados} maiores diferenças de ${r.totalCtes} (a planilha traz todos)` : 'CT-es', style: 'h2' },
      ctes(r),
    ],
    footer: (pagina: number, paginas: number) => ({
      columns: [
        { text: 'Simulação: cada CT-e recalculado pelo motor da auditoria com a tabela reajustada; nada foi gravado.', color: CINZA, fontSize: 7 },
        { text: `Página ${pagina} de ${paginas}`, alignment: 'right', color: CINZA, fontSize: 7 },
      ],
      margin: [40, 16, 40, 0],
    }),
  });
}
