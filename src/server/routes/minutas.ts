import { Hono, type Context } from 'hono';
import { idParamSchema } from '../../contracts/common';
import {
  MSG_INFORME_VERSAO_MINUTA,
  MSG_MINUTA_EXCLUIDA,
  minutaBuscaQuerySchema,
  minutaConfirmarSchema,
  minutaExcluirSchema,
  minutaListaQuerySchema,
  minutaSalvarSchema,
  type Minuta,
  type MinutaLinha,
  type MinutaPage,
  type MinutasConfirmadas,
} from '../../contracts/minutas';
import type { AppEnv } from '../app-env';
import { formatoExportacaoSchema } from '../../contracts/exportacao';
import { responderExportacao } from '../exportacao/responder-exportacao';
import { exportacaoMinutas } from '../minutas/exportar-minutas';
import { badRequest } from '../http/api-error';
import { parseOrBadRequest } from '../http/parse-or-bad-request';
import { readJsonBody } from '../http/read-json-body';
import { validate } from '../http/validate';
import { confirmarMinutas } from '../minutas/confirmar-minutas';
import { excluirMinuta } from '../minutas/excluir-minuta';
import { lerMinuta, minutaNova } from '../minutas/ler-minuta';
import { buscarMinutasPorNumero, listarMinutas } from '../minutas/listar-minutas';
import { salvarMinuta } from '../minutas/salvar-minuta';
import { areaApi } from '../permissoes/area-api';
import { anyOf } from '../permissoes/regras';

/** A query value as the JSON body would carry it: digits become a number, anything else stays (and fails the schema in Portuguese). */
const numeroDaQuery = (v: string | undefined) => (v !== undefined && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v);

/**
 * DELETE /minutas takes {id, versao} as a JSON body or as ?id=&versao= (clients that send no DELETE body):
 * the same schema either way.
 */
async function pedidoExclusao(c: Context<AppEnv>) {
  const { id, versao } = c.req.query();
  const bruto = id !== undefined || versao !== undefined ? { id: numeroDaQuery(id), versao: numeroDaQuery(versao) } : await readJsonBody(c);
  return parseOrBadRequest(minutaExcluirSchema, bruto);
}

/** /minutas (spec 03 §2.5, §7): list, palette search, blank, get, save, delete, confirm. Fixed paths first. */
export function minutasRoutes() {
  return new Hono<AppEnv>()
    .get('/new', (c) => c.json<Minuta>(minutaNova(), 200))
    .get('/listar', validate('query', minutaBuscaQuerySchema), async (c) =>
      c.json<MinutaLinha[]>(await buscarMinutasPorNumero(c.get('banco').db, c.req.valid('query').numero), 200),
    )
    .post('/confirmar', validate('json', minutaConfirmarSchema), async (c) =>
      c.json<MinutasConfirmadas>(await confirmarMinutas(c.get('banco').db, c.req.valid('json').ids), 200),
    )
    // Issue 32: the list's whole search as .xlsx or CSV, streamed.
    .get('/exportar', validate('query', minutaListaQuerySchema.and(formatoExportacaoSchema)), async (c) => {
      const { formato, ...q } = c.req.valid('query');
      return responderExportacao(c, await exportacaoMinutas(c.get('banco').db, q, formato));
    })
    .get('/', validate('query', minutaListaQuerySchema), async (c) => c.json<MinutaPage>(await listarMinutas(c.get('banco').db, c.req.valid('query')), 200))
    .post('/', validate('json', minutaSalvarSchema), async (c) => {
      const { db } = c.get('banco');
      const { id, criada } = await salvarMinuta(db, c.req.valid('json'));
      return c.json<Minuta>(await lerMinuta(db, id), criada ? 201 : 200);
    })
    .delete('/', async (c) => {
      const { id, versao } = await pedidoExclusao(c);
      if (versao === undefined) throw badRequest(MSG_INFORME_VERSAO_MINUTA);
      await excluirMinuta(c.get('banco').db, id, versao);
      return c.json({ mensagens: [MSG_MINUTA_EXCLUIDA] }, 200);
    })
    .get('/:id', validate('param', idParamSchema), async (c) => c.json<Minuta>(await lerMinuta(c.get('banco').db, c.req.valid('param').id), 200));
}

export const minutasApi = areaApi('/api/minutas', () => minutasRoutes(), {
  // Minutas (spec 03 §6 FRETE_MINU_M; docs/decisoes.md §20). The three batches are "for login admin only" (§2.5); the
  // spec sends them under /public without a token, which would let anyone who reaches the server run a company's
  // batch: they need an ADMIN-level token here, and the client sends it.
  'GET /': anyOf('FRETE_MINU_M'),
  'GET /new': anyOf('FRETE_MINU_M'),
  'GET /listar': anyOf('FRETE_MINU_M'),
  'GET /exportar': anyOf('FRETE_MINU_M'),
  'GET /:id': anyOf('FRETE_MINU_M'),
  'POST /': anyOf('FRETE_MINU_M'),
  'DELETE /': anyOf('FRETE_MINU_M'),
  'POST /confirmar': anyOf('FRETE_MINU_M'),
});
