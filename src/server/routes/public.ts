import { Hono } from 'hono';
import { MSG_PASTA_EDI_NAO_CONFIGURADA } from '../../contracts/faturas';
import { mensagemPastaConembInacessivel, MSG_LOTE_MINUTAS_EM_ANDAMENTO } from '../../contracts/minutas';
import type { ResultadoConversaoCtes, ResultadoConversaoMinutas, ResultadoLeituraConemb } from '../../contracts/minutas-lotes';
import type { AppEnv } from '../app-env';
import { erpNotasPedidosDe } from '../erp/erp-source';
import { ApiError } from '../http/api-error';
import { umPorEmpresa } from '../http/um-por-empresa';
import { PastaEdiInacessivel, pastasEdi } from '../ingest/ler-pasta-edi';
import { converterConhecimentos } from '../minutas/converter-conhecimentos';
import { converterMinutasEmCtes } from '../minutas/converter-ctes';
import { lerPastaConemb } from '../minutas/ler-pasta-conemb';
import type { ServerContext } from '../server-context';
import { areaApi } from '../permissoes/area-api';
import { ADMIN } from '../permissoes/regras';

/**
 * /public (spec 03 §2.5, §7 "Admin"; docs/decisoes.md §20): the Minutas screen's three admin batches — read the CONEMB
 * folder, convert conhecimentos into minutas, convert confirmed minutas into CT-es. The spec calls them
 * without a token; the permission table (publicApi, at the end of this file) requires an ADMIN one. Each answers its
 * summary; one batch at a time per company (they read and write the same rows).
 */
export function publicRoutes(ctx: ServerContext) {
  const umPorVez = umPorEmpresa(MSG_LOTE_MINUTAS_EM_ANDAMENTO);
  return new Hono<AppEnv>()
    .get('/txts/conhecimentos', async (c) => {
      const { db, empresa } = c.get('banco');
      const ediDir = ctx.ediDir;
      if (!ediDir) throw new ApiError(409, [MSG_PASTA_EDI_NAO_CONFIGURADA]);
      const r = await umPorVez(empresa, () =>
        lerPastaConemb(db, pastasEdi(ediDir, empresa, 'conemb')).catch((e: unknown) => {
          if (e instanceof PastaEdiInacessivel) throw new ApiError(409, [mensagemPastaConembInacessivel(e.pasta)]);
          throw e;
        }),
      );
      return c.json<ResultadoLeituraConemb>(r, 200);
    })
    .get('/conhecimentos/minutas', async (c) => {
      const banco = c.get('banco');
      return c.json<ResultadoConversaoMinutas>(await umPorVez(banco.empresa, () => converterConhecimentos(banco.db, erpNotasPedidosDe(banco))), 200);
    })
    .get('/minutas/ctes', async (c) => {
      const banco = c.get('banco');
      return c.json<ResultadoConversaoCtes>(await umPorVez(banco.empresa, () => converterMinutasEmCtes(banco.db, erpNotasPedidosDe(banco))), 200);
    });
}

export const publicApi = areaApi('/api/public', publicRoutes, {
  'GET /txts/conhecimentos': ADMIN,
  'GET /conhecimentos/minutas': ADMIN,
  'GET /minutas/ctes': ADMIN,
});
