import { NOMES_ARQUIVOS, type PeriodoRelatorio, type Relatorio } from '../../contracts/relatorios';
import { baixarDocumento } from './romaneios-api';

// The report downloads of spec 03 §7 (docs/decisoes.md §28), through the shared document download: a 404 throws
// DocumentoNaoEncontrado with the server's §8 text; 401/403 go to the shell; the rest is logged.

/** GET /vw-notas-fiscais/pdf?notaFiscalId&pedidoId: the note's PDF. */
export const baixarPdfNota = (notaFiscalId: string, numero: string | number, pedidoId?: string | null) =>
  baixarDocumento({ caminho: '/vw-notas-fiscais/pdf', method: 'GET', query: { notaFiscalId, pedidoId: pedidoId ?? undefined }, nomePadrao: NOMES_ARQUIVOS.notaFiscal(numero), tipo: 'pdf' });

/** GET /vw-notas-fiscais/pdfs?pedidoId: the order's note PDFs in a ZIP. */
export const baixarPdfsPedido = (pedidoId: string) =>
  baixarDocumento({ caminho: '/vw-notas-fiscais/pdfs', method: 'GET', query: { pedidoId }, nomePadrao: NOMES_ARQUIVOS.notasDoPedido(pedidoId), tipo: 'zip' });

/** GET /vwpedidos/espelhoPedido/{json}: the order mirror (the key as URL-encoded JSON). */
export const baixarEspelhoPedido = (pedidoId: string) =>
  baixarDocumento({ caminho: `/vwpedidos/espelhoPedido/${encodeURIComponent(JSON.stringify({ pedidoId }))}`, method: 'GET', nomePadrao: NOMES_ARQUIVOS.espelhoPedido(pedidoId), tipo: 'pdf' });

const CHAMADAS: Record<Relatorio, { caminho: string; tipo: 'pdf' | 'docx' | 'csv'; nome: (p: PeriodoRelatorio) => string }> = {
  'vendido-faturado': { caminho: '/acompanhamentos/vendidoXfaturado', tipo: 'pdf', nome: NOMES_ARQUIVOS.vendidoFaturado },
  consolidado: { caminho: '/acompanhamentos/consolidado', tipo: 'docx', nome: NOMES_ARQUIVOS.consolidado },
  'inadimplencia-pdf': { caminho: '/inadimplencias/impressao', tipo: 'pdf', nome: NOMES_ARQUIVOS.inadimplenciaPdf },
  'inadimplencia-csv': { caminho: '/inadimplencias/csv', tipo: 'csv', nome: NOMES_ARQUIVOS.inadimplenciaCsv },
};

/** A period report of the palette (?inicio&fim). */
export function baixarRelatorio(relatorio: Relatorio, p: PeriodoRelatorio) {
  const c = CHAMADAS[relatorio];
  return baixarDocumento({ caminho: c.caminho, method: 'GET', query: { inicio: p.inicio, fim: p.fim }, nomePadrao: c.nome(p), tipo: c.tipo });
}
