import { Hono } from 'hono';
import { idParamSchema } from '../../contracts/common';
import { reajusteQuerySchema, type ResultadoReajuste, type TracoReajuste } from '../../contracts/reajuste';
import { relogio } from '../../domain/relogio';
import type { AppEnv } from '../app-env';
import { gerarReajustePdf } from '../documentos/reajuste-pdf';
import { TIPO_XLSX } from '../exportacao/xlsx-stream';
import { validate } from '../http/validate';
import { areaApi } from '../permissoes/area-api';
import { allOf } from '../permissoes/regras';
import { lerPedidoReajuste } from '../reajuste/pedido-reajuste';
import { reajusteXlsx } from '../reajuste/reajuste-xlsx';
import { simularReajuste, tracarReajuste } from '../reajuste/simular-reajuste';

// Issue 32: the readjustment simulation of a freight table (same base path as the tables, tabelas-frete.ts). The body
// is JSON, or multipart with a proposed table's workbook in `arquivo` (pedido-reajuste.ts).

const cteParamSchema = idParamSchema.extend({ cteId: idParamSchema.shape.id });

/** "reajuste-tabela-12-2026-11-01-a-2026-11-30". */
const nomeArquivo = (id: number, ini: string, fim: string) => `reajuste-tabela-${id}-${ini}-a-${fim}`;

export const tabelasFreteReajusteRoutes = () =>
  new Hono<AppEnv>()
    .post('/:id/reajuste', validate('param', idParamSchema), validate('query', reajusteQuerySchema), async (c) => {
      const { id } = c.req.valid('param');
      const { formato } = c.req.valid('query');
      const { db } = c.get('banco');
      const pedido = await lerPedidoReajuste(c, db);
      const parametros = pedido.parametros;
      const simulacao = await simularReajuste(db, id, pedido);
      const arquivo = nomeArquivo(id, parametros.dataIni, parametros.dataFim);
      if (formato === 'pdf') {
        const pdf = await gerarReajustePdf({ empresa: c.get('empresa'), emitidoEm: relogio.agora(), resultado: simulacao.resultado });
        return c.body(new Uint8Array(pdf), 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${arquivo}.pdf"` });
      }
      if (formato === 'xlsx')
        return c.body(reajusteXlsx(simulacao), 200, {
          'Content-Type': TIPO_XLSX,
          'Content-Disposition': `attachment; filename="${arquivo}.xlsx"`,
          'X-Total-Linhas': String(simulacao.resultado.totalCtes),
          'Cache-Control': 'no-store',
        });
      return c.json<ResultadoReajuste>(simulacao.resultado, 200);
    })
    .post('/:id/reajuste/ctes/:cteId', validate('param', cteParamSchema), async (c) => {
      const { id, cteId } = c.req.valid('param');
      const { db } = c.get('banco');
      return c.json<TracoReajuste>(await tracarReajuste(db, id, cteId, await lerPedidoReajuste(c, db)), 200);
    });

/**
 * The simulation reads the table (the tables screen, FRETE_TABFR_M) and lists the carrier's audited CT-es with their
 * values (the Fretes screen, FRETE_CTE_M): both are needed.
 */
const SIMULAR_REAJUSTE = allOf('FRETE_TABFR_M', 'FRETE_CTE_M');

export const tabelasFreteReajusteApi = areaApi('/api/tabelas-frete', () => tabelasFreteReajusteRoutes(), {
  'POST /:id/reajuste': SIMULAR_REAJUSTE,
  'POST /:id/reajuste/ctes/:cteId': SIMULAR_REAJUSTE,
});
