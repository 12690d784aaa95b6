import { formatCnpj } from '@brazilian-utils/brazilian-utils';
import Decimal from 'decimal.js';
import type { Empresa } from '../../contracts/common';
import { formatarCpf, somenteDigitos } from '../../domain/cpf';
import { formatDateBr } from '../../domain/format-date-br';
import { formatNumberBr, formatarDinheiro, formatarPeso, formatarQuantidade } from '../../domain/format-number-br';
import type { MotoristaDocumento, TransportadoraDocumento } from './romaneio-dados';
import { gerarPdf } from './pdf-documento';

// Pieces shared by the manifest PDFs (freight-cost, service-order, expenses): formats, header fields,
// the driver block, signature lines and the page frame.

export const AZUL = '#1e3a8a';
export const CINZA = '#4b5563';

// The one number format of src/domain/format-number-br.ts (spec 01 §9): weights 3 decimals, money 2, "—" unknown.
export const dinheiro = (v: string | null | undefined) => formatarDinheiro(v);
/** Weight in kg, always 3 decimals. */
export const pesoKg = (v: string | null | undefined) => formatarPeso(v);
/** Volumes: a count; 0 is what the ERP stores when it does not know, so "—". */
export const volumes = (v: number | null | undefined) => formatarQuantidade(v, { zeroDesconhecido: true });
/** Area in m², 3 decimals ("6.390,000"). */
export const metrosQuadrados = (v: string | null | undefined) => formatarQuantidade(v, { decimais: 3 });
/** A detail line's quantity in its own unit: weights (KG) with 3 decimals, other units as the ERP gave them (at most 4). */
export const quantidadeNaUnidade = (v: string, unidade: string) =>
  `${/^kg$/i.test(unidade.trim()) ? formatarPeso(v) : formatNumberBr(v, { maxDecimals: 4 }) || '—'} ${unidade}`;
export const data = (v: string | Date) => formatDateBr(v);
export const cpf = (v: string) => (somenteDigitos(v).length === 11 ? formatarCpf(v) : v);
export const cnpj = (v: string) => (somenteDigitos(v).length === 14 ? formatCnpj(somenteDigitos(v)) : v);
export const ou = (v: string | number | null | undefined, vazio = '—') => (v === null || v === undefined || v === '' ? vazio : String(v));

/** Σ of decimal strings, as a decimal string. */
export const somar = (valores: readonly string[]) => valores.reduce((s, v) => s.plus(v || 0), new Decimal(0)).toFixed();

export const campo = (rotulo: string, valor: string) => ({ text: [{ text: `${rotulo}: `, bold: true }, valor], margin: [0, 1, 0, 1] });
export const th = (text: string, alignment = 'left') => ({ text, style: 'th', alignment });
export const direita = (text: string, extra: Record<string, unknown> = {}) => ({ text, alignment: 'right', ...extra });

export function linhasMotorista(m: MotoristaDocumento) {
  return [
    campo('Motorista', m.nome),
    campo('CPF', cpf(m.cpf)),
    campo('CNH', ou(m.cnh)),
    ...(m.rntnc ? [campo('RNTRC', m.rntnc)] : []),
  ];
}

export const linhaTransportadora = (t: TransportadoraDocumento) => campo('Transportadora', `${t.razaoSocial} (CNPJ ${cnpj(t.cnpj)})`);

/** Signature lines side by side, each with its caption under the line. */
export function assinaturas(legendas: string[][]) {
  return {
    columns: legendas.map((linhas) => ({
      stack: [
        { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 200, y2: 0, lineWidth: 0.5 }] },
        ...linhas.map((t, i) => ({ text: t, fontSize: 8, bold: i === 0, margin: [0, i === 0 ? 3 : 0, 0, 0] })),
      ],
    })),
    columnGap: 24,
    margin: [0, 40, 0, 0],
    unbreakable: true,
  };
}

export const observacao = (texto: string | null) =>
  texto?.trim() ? [{ text: 'Observação', style: 'h2' }, { text: texto.trim(), margin: [0, 0, 0, 8] }] : [];

/** Thin horizontal lines, no vertical ones, tight padding (many rows per page). */
export const LINHAS_TABELA = {
  hLineWidth: (i: number) => (i === 1 ? 1 : 0.3),
  vLineWidth: () => 0,
  hLineColor: () => '#9ca3af',
  paddingTop: () => 2,
  paddingBottom: () => 2,
};

interface Moldura {
  titulo: string;
  empresa: Empresa;
  /** Right of the title, under the company (e.g. "Romaneio nº 12 · 10/03/2026"). */
  subtitulo: string;
  paisagem?: boolean;
  content: unknown[];
  /**
   * The item lines and detail lines of the items table, by the `id` of a cell of each, in order: an item line
   * maps to null, a detail line to its item's line as printed on top of a page the detail line opens
   * ("Item 9 · NF 7100027 (continuação)").
   */
  continuacoes?: Map<string, string | null>;
}

/** Item/NF line of an item, as its detail lines repeat it on top of a new page. */
export const linhaContinuacao = (item: number, notaFiscal: string | number | null) =>
  `Item ${item}${notaFiscal === null || notaFiscal === '' ? '' : ` · NF ${notaFiscal}`} (continuação)`;

/**
 * Which pages a detail line opens, with its item's line: read from a first layout (pdfmake's pageBreakBefore
 * sees every node with its page and breaks nothing here). The page header prints it in the top margin, so the
 * second layout is the first one (nothing in the body moves).
 */
function paginasContinuadas(continuacoes: Map<string, string | null>) {
  const porPagina = new Map<number, string>();
  let paginaAnterior = 0;
  const pageBreakBefore = (no: { id?: string; startPosition?: { pageNumber: number } }) => {
    if (!no.id || !continuacoes.has(no.id) || !no.startPosition) return false;
    const pagina = no.startPosition.pageNumber;
    const rotulo = continuacoes.get(no.id);
    if (rotulo && pagina !== paginaAnterior && paginaAnterior && !porPagina.has(pagina)) porPagina.set(pagina, rotulo);
    paginaAnterior = pagina;
    return false;
  };
  return { porPagina, pageBreakBefore };
}

/** The page frame: title and company on top, page numbers at the bottom, continued items on top of their pages. */
export async function gerarDocumentoRomaneio(m: Moldura): Promise<Buffer> {
  const margem = m.paisagem ? 28 : 36;
  const definicao = (extra: Record<string, unknown>) => ({
    info: { title: m.titulo, author: `Frete Console · ${m.empresa}`, subject: m.subtitulo },
    pageSize: 'A4',
    pageOrientation: m.paisagem ? 'landscape' : 'portrait',
    pageMargins: [margem, 36, margem, 40],
    defaultStyle: { font: 'Roboto', fontSize: 8 },
    styles: {
      h1: { fontSize: 15, bold: true, color: AZUL },
      h2: { fontSize: 10, bold: true, color: AZUL, margin: [0, 6, 0, 2] },
      th: { bold: true, color: CINZA },
      detalhe: { fontSize: 7, color: CINZA },
    },
    content: [
      {
        columns: [
          { text: m.titulo, style: 'h1' },
          { text: [{ text: m.empresa, bold: true }, `\n${m.subtitulo}`], alignment: 'right' },
        ],
        margin: [0, 0, 0, 6],
      },
      ...m.content,
    ],
    footer: (pagina: number, paginas: number) => ({
      columns: [
        { text: m.titulo, color: CINZA, fontSize: 7 },
        { text: `Página ${pagina} de ${paginas}`, alignment: 'right', color: CINZA, fontSize: 7 },
      ],
      margin: [margem, 14, margem, 0],
    }),
    ...extra,
  });
  if (!m.continuacoes?.size) return gerarPdf(definicao({}));
  const { porPagina, pageBreakBefore } = paginasContinuadas(m.continuacoes);
  const primeira = await gerarPdf(definicao({ pageBreakBefore }));
  if (!porPagina.size) return primeira;
  const header = (pagina: number) => {
    const rotulo = porPagina.get(pagina);
    return rotulo ? { text: rotulo, bold: true, color: AZUL, fontSize: 8, margin: [margem, 24, margem, 0] } : null;
  };
  return gerarPdf(definicao({ header }));
}
