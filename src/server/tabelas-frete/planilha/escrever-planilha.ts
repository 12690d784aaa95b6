import ExcelJS from 'exceljs';
import { neutralizarTexto } from '../../exportacao/colunas-exportacao';
import { LAYOUT_PLANILHA_TABELA, VERSAO_LAYOUT_PLANILHA_TABELA } from '../../../contracts/planilha-tabela';
import type { TabelaFrete } from '../../../contracts/tabela-frete-modelo';
import { ABAS_PLANILHA, ABA_LAYOUT, IDS_ABAS, LINHA_CHAVES, LINHA_ROTULOS, NAO, PRIMEIRA_LINHA_DADOS, SIGLAS_UF, SIM, type ColunaPlanilha, type TipoColuna } from '../../../domain/planilha-tabela/layout';
import { linhasDaTabela, linhasExemplo, type LinhaEscrita } from '../../../domain/planilha-tabela/linhas-da-tabela';

// Issue 32: the freight table as a workbook (exceljs, server side only). The layout is the domain's
// (src/domain/planilha-tabela/layout.ts); here it becomes cells: labels with a note each (row 1), machine keys
// (row 2), both frozen; money and quantities as numbers with a pt-BR-neutral number format (Excel shows them in
// the user's locale), dates as dates, lists with a data validation; the very hidden _layout sheet last.

/** Rows past the data that still get the list validations (room to add rows in the spreadsheet program). */
const LINHAS_VALIDADAS_A_MAIS = 500;

export const FORMATO_NUMERO: Record<2 | 3 | 5, string> = { 2: '#,##0.00', 3: '#,##0.000', 5: '#,##0.00###' };

function celula(t: TipoColuna, v: LinhaEscrita[string]): ExcelJS.CellValue {
  if (v === null || v === undefined || v === '') return null;
  switch (t.tipo) {
    case 'decimal':
      // Up to 10 integer digits and 5 decimals: 15 significant digits, which a double holds exactly as text.
      return Number(v);
    case 'data': {
      const [a, m, d] = String(v).split('-').map(Number);
      return new Date(Date.UTC(a, m - 1, d));
    }
    case 'simNao':
      return v === true ? SIM : NAO;
    default:
      // Names and descriptions from the ERP or a user: formula-like text leaves with an apostrophe, as in every export.
      return typeof v === 'string' ? neutralizarTexto(v) : v;
  }
}

function formato(t: TipoColuna): string | undefined {
  if (t.tipo === 'decimal') return FORMATO_NUMERO[t.escala];
  if (t.tipo === 'data') return 'dd/mm/yyyy';
  if (t.tipo === 'inteiro') return '0';
  if (t.tipo === 'documento' || t.tipo === 'texto') return '@';
  return undefined;
}

const lista = (valores: readonly string[]) => `"${valores.join(',')}"`;
function validacao(t: TipoColuna): ExcelJS.DataValidation | null {
  const valores = t.tipo === 'lista' ? t.valores : t.tipo === 'uf' ? SIGLAS_UF : t.tipo === 'simNao' ? [SIM, NAO] : null;
  if (!valores) return null;
  return { type: 'list', allowBlank: true, showErrorMessage: true, errorTitle: 'Valor inválido', // Excel refuses an error text over 225 characters (it "repairs" the file): the list itself shows the values.
    error: 'Escolha um valor da lista.', formulae: [lista(valores)] };
}

interface ComValidacoes {
  dataValidations: { add(endereco: string, v: ExcelJS.DataValidation): void };
}

function escreverAba(livro: ExcelJS.Workbook, nome: string, colunas: readonly ColunaPlanilha[], linhas: LinhaEscrita[]) {
  const folha = livro.addWorksheet(nome, { views: [{ state: 'frozen', ySplit: LINHA_CHAVES }] });
  folha.columns = colunas.map((c) => ({ width: c.largura, style: { numFmt: formato(c.t) } }));
  const rotulos = folha.getRow(LINHA_ROTULOS);
  const chaves = folha.getRow(LINHA_CHAVES);
  colunas.forEach((c, i) => {
    const r = rotulos.getCell(i + 1);
    r.value = c.rotulo;
    r.note = c.ajuda;
    const k = chaves.getCell(i + 1);
    k.value = c.chave;
  });
  rotulos.font = { bold: true };
  chaves.font = { italic: true, color: { argb: 'FF808080' }, size: 9 };
  linhas.forEach((linha, j) => {
    const row = folha.getRow(PRIMEIRA_LINHA_DADOS + j);
    colunas.forEach((c, i) => {
      const valor = celula(c.t, linha[c.chave]);
      if (valor !== null) row.getCell(i + 1).value = valor;
    });
  });
  const ultima = PRIMEIRA_LINHA_DADOS + linhas.length + LINHAS_VALIDADAS_A_MAIS;
  colunas.forEach((c, i) => {
    const v = validacao(c.t);
    const letra = folha.getColumn(i + 1).letter;
    if (v) (folha as unknown as ComValidacoes).dataValidations.add(`${letra}${PRIMEIRA_LINHA_DADOS}:${letra}${ultima}`, v);
  });
}

/** The table's workbook (.xlsx bytes). `tabela` null → the empty template with one example row per sheet. */
export async function escreverPlanilhaTabela(tabela: TabelaFrete | null, extra: { transportadoraCnpj: string | null }): Promise<Uint8Array> {
  const livro = new ExcelJS.Workbook();
  livro.creator = 'frete-console';
  const linhas = tabela ? linhasDaTabela(tabela, extra.transportadoraCnpj) : linhasExemplo();
  for (const id of IDS_ABAS) escreverAba(livro, ABAS_PLANILHA[id].nome, ABAS_PLANILHA[id].colunas, linhas[id]);
  const layout = livro.addWorksheet(ABA_LAYOUT);
  layout.addRows([
    ['LAYOUT', LAYOUT_PLANILHA_TABELA],
    ['VERSAO', VERSAO_LAYOUT_PLANILHA_TABELA],
    ['TABELA_ID', tabela?.id ?? null],
    ['TABELA_VERSAO', tabela?.versao ?? null],
  ]);
  layout.state = 'veryHidden';
  return new Uint8Array(await livro.xlsx.writeBuffer());
}
