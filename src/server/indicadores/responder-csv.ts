import type { Context } from 'hono';
import { MSG_NENHUM_INDICADOR, type FiltroIndicadores } from '../../contracts/indicadores';
import { validarFiltroIndicadores } from '../../domain/indicadores/validar-filtro-indicadores';
import { ApiError, badRequest } from '../http/api-error';
import type { Db } from '../db/database';
import { contarLinhas } from './linhas-indicadores';

/** Spec §5's rules at the server's entry (comCte: the /indicadores screen also counts the CT-e number). */
export function filtroValido(f: FiltroIndicadores, comCte: boolean): FiltroIndicadores {
  const mensagens = validarFiltroIndicadores(f, comCte);
  if (mensagens.length) throw badRequest(...mensagens);
  // The panel of /ctes has no CT-e number: a stray one is ignored, never a hidden filter.
  return comCte ? f : { ...f, numeroCte: undefined };
}

/**
 * A CSV download: 404 with §8's text when nothing matches (the client's 'Mensagem do servidor'), otherwise
 * the stream, its row count in X-Total-Linhas (the client's progress), UTF-8 text/csv as an attachment.
 */
export async function responderCsv(c: Context, db: Db, f: FiltroIndicadores, arquivo: string, corpo: () => ReadableStream<Uint8Array>): Promise<Response> {
  const total = await contarLinhas(db, f);
  if (total === 0) throw new ApiError(404, [MSG_NENHUM_INDICADOR]);
  return c.body(corpo(), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${arquivo}"`,
    'X-Total-Linhas': String(total),
    'Cache-Control': 'no-store',
  });
}
