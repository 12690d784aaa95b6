import type { Context } from 'hono';
import type { SQL } from 'drizzle-orm';
import { formatoExportacaoSchema, nomeArquivoExportacao, type FormatoExportacao } from '../../../contracts/exportacao';
import { relogio } from '../../../domain/relogio';
import { dataSaoPaulo } from '../../../domain/sao-paulo-date';
import { parseOrBadRequest } from '../../http/parse-or-bad-request';
import type { ColunaExportacao } from '../colunas-exportacao';
import { responderExportacao } from '../responder-exportacao';
import { lotesPorChave, type LinhaComChaves, type TermoOrdem } from './ordem-keyset';

// Issue 32: "Exportar para Excel" (and CSV) of a register: GET /<base>/exportar?formato=&<the list's query>. The
// route keeps its list's query schema and filter; this reads formato, counts, and streams the rows in keyset
// batches in the list's order (ordem-keyset.ts).

/** ?formato=xlsx|csv (default xlsx), read beside the list's own query schema (which drops unknown keys). */
export const lerFormato = (c: Context): FormatoExportacao => parseOrBadRequest(formatoExportacaoSchema, { formato: c.req.query('formato') || undefined }).formato;

/** "transportadoras-2026-12-06": the list's name and today in São Paulo, by the console's clock. */
export const arquivoDoDia = (lista: string): string => nomeArquivoExportacao(lista, dataSaoPaulo(relogio.agora())!);

export interface ExportacaoCadastro<L extends object, T> {
  /** File name's list part ("transportadoras") and the sheet's name ("Transportadoras"). */
  lista: string;
  aba: string;
  colunas: readonly ColunaExportacao<T>[];
  /** The list's own count of the filter. */
  contar: () => Promise<number>;
  /** The list's ORDER BY terms (termosOrdem of its sort=, or its fixed order). */
  termos: readonly TermoOrdem[];
  /** The list's own query with the keys among its columns, `depois` and'ed to its filter, `ordem` and `limite` applied. */
  buscar: (chaves: Record<string, SQL<string | null>>, depois: SQL | undefined, ordem: SQL[], limite: number) => Promise<LinhaComChaves<L>[]>;
  /** A database row as the exported row (the list's own mapping). */
  paraLinha: (linha: L) => T;
  /** Rows a batch (a few hundred). */
  tamanhoLote?: number;
}

async function* mapear<L extends object, T>(lotes: AsyncGenerator<L[]>, paraLinha: (l: L) => T): AsyncGenerator<T[]> {
  for await (const lote of lotes) yield lote.map(paraLinha);
}

/** Counts first (404 MSG_NADA_PARA_EXPORTAR when nothing matches), then answers the streamed file. */
export async function exportarCadastro<L extends object, T>(c: Context, e: ExportacaoCadastro<L, T>): Promise<Response> {
  const formato = lerFormato(c);
  const total = await e.contar();
  return responderExportacao(c, {
    formato,
    arquivo: arquivoDoDia(e.lista),
    aba: e.aba,
    colunas: e.colunas,
    total,
    lotes: () => mapear(lotesPorChave<L>(e.termos, e.buscar, e.tamanhoLote), e.paraLinha),
  });
}
