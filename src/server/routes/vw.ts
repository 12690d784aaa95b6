import { Hono } from 'hono';
import {
  ARQUIVO_CSV_INDICADORES,
  ARQUIVO_CSV_INDICADORES_FRETE,
  consultaIndicadoresSchema,
  filtroIndicadoresSchema,
  type IndicadoresBasePage,
  type IndicadoresPage,
  type ResumoIndicadores,
} from '../../contracts/indicadores';
import type { AppEnv } from '../app-env';
import { validate } from '../http/validate';
import { COLUNAS_BASE_VIEW, csvIndicadores, csvIndicadoresBase } from '../indicadores/csv-indicadores';
import { listarIndicadores, listarIndicadoresBase } from '../indicadores/listar-indicadores';
import { filtroValido, responderCsv } from '../indicadores/responder-csv';
import { resumoIndicadores } from '../indicadores/resumo-indicadores';
import { areaApi } from '../permissoes/area-api';
import { anyOf } from '../permissoes/regras';

/**
 * /vw (spec 03 §7 "Indicators and reports"): the freight indicator views. Each answers a page of
 * JSON, or with formato=csv the whole filter as a streamed CSV file.
 */
export function vwRoutes() {
  return new Hono<AppEnv>()
    .get('/frete-indicadores-peso-valor', validate('query', consultaIndicadoresSchema), async (c) => {
      const { page, size, formato, ...filtro } = c.req.valid('query');
      const f = filtroValido(filtro, true);
      const { db } = c.get('banco');
      if (formato === 'csv') return responderCsv(c, db, f, ARQUIVO_CSV_INDICADORES, () => csvIndicadores(db, f));
      return c.json<IndicadoresPage>(await listarIndicadores(db, f, page, size), 200);
    })
    .get('/frete-indicadores-resumo', validate('query', filtroIndicadoresSchema), async (c) => {
      const f = filtroValido(c.req.valid('query'), true);
      return c.json<ResumoIndicadores>(await resumoIndicadores(c.get('banco').db, f), 200);
    })
    .get('/frete-indicadores-base', validate('query', consultaIndicadoresSchema), async (c) => {
      const { page, size, formato, ...filtro } = c.req.valid('query');
      const f = filtroValido(filtro, false);
      const { db } = c.get('banco');
      if (formato === 'csv') return responderCsv(c, db, f, ARQUIVO_CSV_INDICADORES_FRETE, () => csvIndicadoresBase(db, f, COLUNAS_BASE_VIEW));
      return c.json<IndicadoresBasePage>(await listarIndicadoresBase(db, f, page, size), 200);
    });
}

export const vwApi = areaApi('/api/vw', () => vwRoutes(), {
  // docs/decisoes.md §28: the indicators' screen and its calls need its menu code (spec 03 §6 FRETE_IND_FRETE_PESO);
  // the Freight Indicators panel of /ctes (its two CSVs) works for whoever opens the Fretes screen too.
  'GET /frete-indicadores-peso-valor': anyOf('FRETE_IND_FRETE_PESO'),
  'GET /frete-indicadores-resumo': anyOf('FRETE_IND_FRETE_PESO'),
  'GET /frete-indicadores-base': anyOf('FRETE_CTE_M', 'FRETE_IND_FRETE_PESO'),
});
