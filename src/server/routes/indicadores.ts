import { Hono } from 'hono';
import { ARQUIVO_CSV_INDICADORES_SERVIDOR, filtroIndicadoresSchema } from '../../contracts/indicadores';
import type { AppEnv } from '../app-env';
import { validate } from '../http/validate';
import { COLUNAS_BASE, csvIndicadoresBase } from '../indicadores/csv-indicadores';
import { filtroValido, responderCsv } from '../indicadores/responder-csv';
import { areaApi } from '../permissoes/area-api';
import { anyOf } from '../permissoes/regras';

/** /indicadores (spec 03 §7): POST /frete-base?{filter} — the base rows as the server's CSV, 'Indicadores'. */
export function indicadoresRoutes() {
  return new Hono<AppEnv>().post('/frete-base', validate('query', filtroIndicadoresSchema), async (c) => {
    const f = filtroValido(c.req.valid('query'), false);
    const { db } = c.get('banco');
    return responderCsv(c, db, f, ARQUIVO_CSV_INDICADORES_SERVIDOR, () => csvIndicadoresBase(db, f, COLUNAS_BASE));
  });
}

export const indicadoresApi = areaApi('/api/indicadores', () => indicadoresRoutes(), {
  'POST /frete-base': anyOf('FRETE_CTE_M', 'FRETE_IND_FRETE_PESO'),
});
