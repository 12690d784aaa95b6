import { Hono } from 'hono';
import { z } from 'zod';
import { formatoExportacaoSchema } from '../../contracts/exportacao';
import { ARQUIVO_CSV_INDICADORES_SERVIDOR, filtroIndicadoresSchema } from '../../contracts/indicadores';
import type { AppEnv } from '../app-env';
import { responderExportacao } from '../exportacao/responder-exportacao';
import { validate } from '../http/validate';
import { COLUNAS_BASE, csvIndicadoresBase } from '../indicadores/csv-indicadores';
import { exportacaoIndicadores, exportacaoIndicadoresBase } from '../indicadores/exportar-indicadores';
import { filtroValido, responderCsv } from '../indicadores/responder-csv';
import { areaApi } from '../permissoes/area-api';
import { anyOf } from '../permissoes/regras';

/** POST /frete-base answered CSV before issue 32: without formato it still does. */
const formatoCsvPadrao = z.object({ formato: formatoExportacaoSchema.shape.formato.unwrap().default('csv') });
const comFormato = filtroIndicadoresSchema.and(formatoExportacaoSchema);

/**
 * /indicadores (spec 03 §7): POST /frete-base?{filter} — the base rows as the server's CSV, 'Indicadores', or with
 * formato=xlsx as a workbook. Issue 32: the workbooks of the other two indicator CSVs (GET /vw/…?formato=csv):
 * GET /exportar (the /indicadores screen's rows) and GET /exportar-base (Indicadores-Frete), formato=xlsx|csv.
 */
export function indicadoresRoutes() {
  return new Hono<AppEnv>()
    .post('/frete-base', validate('query', filtroIndicadoresSchema.and(formatoCsvPadrao)), async (c) => {
      const { formato, ...filtro } = c.req.valid('query');
      const f = filtroValido(filtro, false);
      const { db } = c.get('banco');
      if (formato === 'xlsx') return responderExportacao(c, await exportacaoIndicadoresBase(db, f, 'portugues', formato));
      return responderCsv(c, db, f, ARQUIVO_CSV_INDICADORES_SERVIDOR, () => csvIndicadoresBase(db, f, COLUNAS_BASE));
    })
    .get('/exportar', validate('query', comFormato), async (c) => {
      const { formato, ...filtro } = c.req.valid('query');
      return responderExportacao(c, await exportacaoIndicadores(c.get('banco').db, filtroValido(filtro, true), formato));
    })
    .get('/exportar-base', validate('query', comFormato), async (c) => {
      const { formato, ...filtro } = c.req.valid('query');
      return responderExportacao(c, await exportacaoIndicadoresBase(c.get('banco').db, filtroValido(filtro, false), 'campo', formato));
    });
}

export const indicadoresApi = areaApi('/api/indicadores', () => indicadoresRoutes(), {
  'POST /frete-base': anyOf('FRETE_CTE_M', 'FRETE_IND_FRETE_PESO'),
  // The same rules as their CSVs' routes (GET /vw/frete-indicadores-peso-valor and -base).
  'GET /exportar': anyOf('FRETE_IND_FRETE_PESO'),
  'GET /exportar-base': anyOf('FRETE_CTE_M', 'FRETE_IND_FRETE_PESO'),
});
