import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CteReajuste, ResultadoReajuste } from '../../contracts/reajuste';
import { Dec } from '../../domain/frete/decimal-exato';
import { formatDateBr } from '../../domain/format-date-br';
import { formatoXlsx, larguraXlsx, neutralizarTexto, valorXlsx, type ColunaExportacao } from '../exportacao/colunas-exportacao';
import type { Simulacao } from './simular-reajuste';
import { corpoDeStream } from '../http/corpo-de-stream';

// Issue 32: the simulation as a workbook, written with exceljs' streaming writer directly (xlsx-stream.ts writes one
// sheet; this one has two): "Resumo" (the heading, the total, one row per destination UF, one per element) and
// "CT-es" (every CT-e simulated, largest difference first, frozen header and autofilter). Typed cells through the
// export's columns (colunas-exportacao.ts): money as numbers in R$, dates as dates, outside text neutralised.

type Linha = { rotulo: string; ctes: number | null; esperado: string; cobrado: string | null; simulado: string };

const menos = (a: string, b: string) => new Dec(a).minus(b).toFixed(2);

const COLUNAS_RESUMO: ColunaExportacao<Linha>[] = [
  { titulo: 'Recorte', tipo: 'texto', valor: (l) => l.rotulo, largura: 34 },
  { titulo: 'CT-es', tipo: 'inteiro', valor: (l) => l.ctes },
  { titulo: 'Esperado', tipo: 'dinheiro', valor: (l) => l.esperado },
  { titulo: 'Cobrado', tipo: 'dinheiro', valor: (l) => l.cobrado },
  { titulo: 'Simulado', tipo: 'dinheiro', valor: (l) => l.simulado },
  { titulo: 'Simulado − esperado', tipo: 'dinheiro', valor: (l) => menos(l.simulado, l.esperado), largura: 20 },
];

export const COLUNAS_CTES_REAJUSTE: ColunaExportacao<CteReajuste>[] = [
  { titulo: 'CT-e', tipo: 'inteiro', valor: (c) => c.numero },
  { titulo: 'Emissão', tipo: 'data', valor: (c) => c.dataEmissao },
  { titulo: 'UF destino', tipo: 'texto', valor: (c) => c.ufDestino },
  { titulo: 'Esperado', tipo: 'dinheiro', valor: (c) => c.esperado },
  { titulo: 'Cobrado', tipo: 'dinheiro', valor: (c) => c.cobrado },
  { titulo: 'Simulado', tipo: 'dinheiro', valor: (c) => c.simulado },
  { titulo: 'Simulado − esperado', tipo: 'dinheiro', valor: (c) => c.diferenca, largura: 20 },
  { titulo: 'Motivo (não calculado)', tipo: 'texto', valor: (c) => c.falha, largura: 60 },
];

const formatar = <T>(folha: ExcelJS.Worksheet, colunas: readonly ColunaExportacao<T>[]) => {
  folha.columns = colunas.map((c, i) => ({ key: String(i), width: larguraXlsx(c as ColunaExportacao<unknown>), style: { numFmt: formatoXlsx(c as ColunaExportacao<unknown>) } }));
};

function cabecalho<T>(folha: ExcelJS.Worksheet, colunas: readonly ColunaExportacao<T>[]) {
  const linha = folha.addRow(colunas.map((c) => c.titulo));
  linha.font = { bold: true };
  linha.commit();
}

function resumo(livro: ExcelJS.stream.xlsx.WorkbookWriter, r: ResultadoReajuste) {
  const folha = livro.addWorksheet('Resumo');
  formatar(folha, COLUNAS_RESUMO);
  // The carrier's name (ERP), the proposal (element descriptions, the file name) come from outside: neutralised as in the CSVs.
  const texto = (rotulo: string, valor: string) => folha.addRow([rotulo, neutralizarTexto(valor)]).commit();
  const titulo = folha.addRow(['Simulação de reajuste']);
  titulo.font = { bold: true, size: 14 };
  titulo.commit();
  texto('Transportadora', r.tabela.transportadora.razaoSocial);
  texto('Tabela de frete', `${r.tabela.id} (versão ${r.tabela.versao})`);
  texto('Período', `${formatDateBr(r.dataIni)} a ${formatDateBr(r.dataFim)}`);
  texto('Proposta', r.proposta);
  texto('CT-es auditados com outra tabela (fora da simulação)', String(r.outrasTabelas));
  folha.addRow([]).commit();
  cabecalho(folha, COLUNAS_RESUMO);
  const escrever = (l: Linha) => folha.addRow(COLUNAS_RESUMO.map((c) => valorXlsx(c, l))).commit();
  escrever({ rotulo: 'Total', ...r.total });
  for (const u of r.porUf) escrever({ rotulo: `UF de destino ${u.uf}`, ...u });
  folha.addRow([]).commit();
  cabecalho(folha, [{ ...COLUNAS_RESUMO[0], titulo: 'Elemento de custo' }, ...COLUNAS_RESUMO.slice(1)]);
  for (const e of r.porElemento) escrever({ rotulo: e.descricao, ctes: null, esperado: e.esperado, cobrado: null, simulado: e.simulado });
  folha.commit();
}

async function escrever(saida: PassThrough, s: Simulacao) {
  const livro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: saida, useStyles: true, useSharedStrings: false });
  livro.creator = 'frete-console';
  resumo(livro, s.resultado);
  const folha = livro.addWorksheet('CT-es', { views: [{ state: 'frozen', ySplit: 1 }] });
  formatar(folha, COLUNAS_CTES_REAJUSTE);
  folha.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUNAS_CTES_REAJUSTE.length } };
  cabecalho(folha, COLUNAS_CTES_REAJUSTE);
  for (let i = 0; i < s.todos.length; i++) {
    if (saida.destroyed) return;
    folha.addRow(COLUNAS_CTES_REAJUSTE.map((c) => valorXlsx(c, s.todos[i]))).commit();
    // Back-pressure every thousand rows: wait for the reader (and give the event loop back).
    if (i % 1000 === 999) {
      if (saida.writableNeedDrain) await once(saida, 'drain');
      else await new Promise<void>((ok) => setImmediate(ok));
    }
  }
  folha.commit();
  await livro.commit();
}

/** The workbook as a byte stream (a Response body). */
export function reajusteXlsx(s: Simulacao): ReadableStream<Uint8Array> {
  const saida = new PassThrough({ highWaterMark: 256 * 1024 });
  escrever(saida, s).catch((e: unknown) => saida.destroy(e instanceof Error ? e : new Error(String(e))));
  return corpoDeStream(saida);
}
