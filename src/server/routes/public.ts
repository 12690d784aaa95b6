import { Hono } from 'hono';
import { mensagemPastaConembInacessivel, MSG_LOTE_MINUTAS_EM_ANDAMENTO } from '../../contracts/minutas';
import type { ResultadoConversaoCtes, ResultadoConversaoMinutas, ResultadoLeituraConemb } from '../../contracts/minutas-lotes';
import type { AppEnv } from '../app-env';
import { erpNotasPedidosDe } from '../erp/erp-source';
import { umPorEmpresa } from '../http/um-por-empresa';
import type { PastasEdi } from '../ingest/ler-pasta-edi';
import { lerPastaDaEmpresa } from '../ingest/ler-pasta-da-empresa';
import { converterConhecimentos } from '../minutas/converter-conhecimentos';
import { converterMinutasEmCtes } from '../minutas/converter-ctes';
import { lerPastaConemb } from '../minutas/ler-pasta-conemb';
import type { ServerContext } from '../server-context';
import { comTravaDaFonte } from '../recebimento/agendador';
import { ORIGEM_PASTA, registrarLeitura } from '../recebimento/leituras-pasta';
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
      const banco = c.get('banco');
      const { db, empresa } = banco;
      const ler = (pastas: PastasEdi) => lerPastaConemb(db, pastas);
      const r = await umPorVez(empresa, () =>
        comTravaDaFonte(banco, 'PASTA', MSG_LOTE_MINUTAS_EM_ANDAMENTO, () => lerPastaDaEmpresa({ ediDir: ctx.ediDir, empresa, tipo: 'conemb', ler, mensagemInacessivel: mensagemPastaConembInacessivel })),
      );
      await registrarLeitura(db, 'PASTA', c.get('usuario').id, { tipo: 'CONEMB', resultado: r }, ORIGEM_PASTA.CONEMB);
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
