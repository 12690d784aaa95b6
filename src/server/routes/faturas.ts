import { Hono } from 'hono';
import { idParamSchema } from '../../contracts/common';
import {
  faturaBuscaQuerySchema,
  faturaCancelarSchema,
  faturaListaQuerySchema,
  fretesFaturaQuerySchema,
  mensagemFaturaCancelada,
  mensagemPastaDoccobInacessivel,
  MSG_INFORME_VERSAO_FATURA,
  MSG_LEITURA_FATURAS_EM_ANDAMENTO,
  type FaturaCancelada,
  type FaturaCompleta,
  type FaturaLinha,
  type FretesFatura,
  type ResultadoLeituraFaturas,
} from '../../contracts/faturas';
import type { Page } from '../../contracts/common';
import type { AppEnv } from '../app-env';
import { formatoExportacaoSchema } from '../../contracts/exportacao';
import { responderExportacao } from '../exportacao/responder-exportacao';
import { exportacaoFaturas } from '../faturas/exportar-faturas';
import { cancelarFatura } from '../faturas/cancelar-fatura';
import { liberarFatura } from '../faturas/liberar-fatura';
import { faturaLiberarSchema } from '../../contracts/alcadas';
import { enviarFaturas } from '../faturas/enviar-faturas';
import { faturaCompleta, fretesFatura } from '../faturas/fatura-completa';
import { lerPastaDoccob } from '../faturas/ler-pasta-doccob';
import { buscarFaturasPorNumero, listarFaturas } from '../faturas/listar-faturas';
import { badRequest } from '../http/api-error';
import { umPorEmpresa } from '../http/um-por-empresa';
import type { PastasEdi } from '../ingest/ler-pasta-edi';
import { lerPastaDaEmpresa } from '../ingest/ler-pasta-da-empresa';
import { validate } from '../http/validate';
import type { ServerContext } from '../server-context';
import { comTravaDaFonte } from '../recebimento/agendador';
import { ORIGEM_PASTA, registrarLeitura } from '../recebimento/leituras-pasta';
import { areaApi } from '../permissoes/area-api';
import { LER_ARQUIVOS_FATURA } from '../permissoes/leituras';
import { ADMIN, anyOf } from '../permissoes/regras';

/**
 * /faturas (spec 03 §2.4, §7): reading the company's DOCCOB folder and uploads, the list, the
 * palette's search by número, the fatura with its check, its CT-e lines, and the cancel. Fixed paths first.
 */
export function faturasRoutes(ctx: ServerContext) {
  /** One folder reading at a time per company: two would race for the same files. */
  const umPorVez = umPorEmpresa(MSG_LEITURA_FATURAS_EM_ANDAMENTO);
  return new Hono<AppEnv>()
    .get('/ler-arquivos', async (c) => {
      const banco = c.get('banco');
      const { db, empresa } = banco;
      const ler = (pastas: PastasEdi) => lerPastaDoccob(db, pastas);
      const r = await umPorVez(empresa, () =>
        comTravaDaFonte(banco, 'PASTA', MSG_LEITURA_FATURAS_EM_ANDAMENTO, () => lerPastaDaEmpresa({ ediDir: ctx.ediDir, empresa, tipo: 'doccob', ler, mensagemInacessivel: mensagemPastaDoccobInacessivel })),
      );
      await registrarLeitura(db, 'PASTA', c.get('usuario').id, { tipo: 'DOCCOB', resultado: r }, ORIGEM_PASTA.DOCCOB);
      return c.json<ResultadoLeituraFaturas>(r, 200);
    })
    // Its own body limit (multipart, larger) is the app's: http/limite-corpo.ts.
    .post('/enviar', async (c) => {
      const { db } = c.get('banco');
      const r = await enviarFaturas(db, c);
      await registrarLeitura(db, 'ENVIO', c.get('usuario').id, { tipo: 'DOCCOB', resultado: r }, 'Envio de DOCCOB em Faturas');
      return c.json<ResultadoLeituraFaturas>(r, 200);
    })
    .get('/listar', validate('query', faturaBuscaQuerySchema), async (c) =>
      c.json<FaturaLinha[]>(await buscarFaturasPorNumero(c.get('banco').db, c.req.valid('query').numero), 200),
    )
    .post('/cancelar', validate('json', faturaCancelarSchema), async (c) => {
      const { id, versao } = c.req.valid('json');
      if (versao === undefined) throw badRequest(MSG_INFORME_VERSAO_FATURA);
      const { db } = c.get('banco');
      const numero = await cancelarFatura(db, id, versao);
      return c.json<FaturaCancelada>({ mensagens: [mensagemFaturaCancelada(numero)], fatura: await faturaCompleta(db, id) }, 200);
    })
    // A person releases a blocked fatura within their fatura limit (issue 29): answers the fatura.
    .post('/liberar', validate('json', faturaLiberarSchema), async (c) => {
      const dados = c.req.valid('json');
      const { db } = c.get('banco');
      await liberarFatura(db, dados, c.get('usuario').id);
      return c.json<FaturaCompleta>(await faturaCompleta(db, dados.id), 200);
    })
    // Issue 32: the list's whole filter as .xlsx or CSV, streamed.
    .get('/exportar', validate('query', faturaListaQuerySchema.and(formatoExportacaoSchema)), async (c) => {
      const { formato, ...q } = c.req.valid('query');
      return responderExportacao(c, await exportacaoFaturas(c.get('banco').db, q, formato));
    })
    .get('/', validate('query', faturaListaQuerySchema), async (c) => c.json<Page<FaturaLinha>>(await listarFaturas(c.get('banco').db, c.req.valid('query')), 200))
    .get('/:id/ctes', validate('param', idParamSchema), validate('query', fretesFaturaQuerySchema), async (c) => {
      const { page, size } = c.req.valid('query');
      return c.json<FretesFatura>(await fretesFatura(c.get('banco').db, c.req.valid('param').id, page, size), 200);
    })
    .get('/:id', validate('param', idParamSchema), async (c) => c.json<FaturaCompleta>(await faturaCompleta(c.get('banco').db, c.req.valid('param').id), 200));
}

export const faturasApi = areaApi('/api/faturas', faturasRoutes, {
  // Faturas (spec 03 §6 FRETE_FAT_M; docs/decisoes.md §16): the cancel is for ADMIN (spec §2.4 hides it; we give it
  // to the admin level, like the Fretes screen's admin batches).
  'GET /ler-arquivos': LER_ARQUIVOS_FATURA,
  'POST /enviar': LER_ARQUIVOS_FATURA,
  'GET /': anyOf('FRETE_FAT_M'),
  'GET /listar': anyOf('FRETE_FAT_M'),
  'GET /exportar': anyOf('FRETE_FAT_M'),
  'POST /cancelar': ADMIN,
  'POST /liberar': anyOf('FRETE_PAG_E'),
  'GET /:id': anyOf('FRETE_FAT_M'),
  'GET /:id/ctes': anyOf('FRETE_FAT_M'),
});
