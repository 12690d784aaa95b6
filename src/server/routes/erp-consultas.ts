import { Hono } from 'hono';
import { z } from 'zod';
import {
  MSG_PEDIDO_JSON_INVALIDO,
  MSG_PEDIDO_NAO_ENCONTRADO,
  pedidoChaveSchema,
  pedidosListaQuerySchema,
  quantidadeNfsQuerySchema,
  type PedidoErp,
  type PedidoErpDetalhe,
} from '../../contracts/pedidos-erp';
import type { Page } from '../../contracts/common';
import type { AppEnv } from '../app-env';
import { erpNotasPedidosDe } from '../erp/erp-source';
import { ApiError, badRequest } from '../http/api-error';
import { parseOrBadRequest } from '../http/parse-or-bad-request';
import { validate } from '../http/validate';
import { listOffset } from '../list/list-offset';
import { NOMES_ARQUIVOS, notaFiscalPdfQuerySchema, pedidoPdfsQuerySchema } from '../../contracts/relatorios';
import { pdfDaNota, zipDoPedido } from '../relatorios/documentos-nota-fiscal';
import { dadosEspelhoPedido } from '../relatorios/espelho-pedido';
import { respostaArquivo } from '../relatorios/resposta-arquivo';
import { espelhoPedidoPdf } from '../documentos/espelho-pedido-pdf';
import { areaApi } from '../permissoes/area-api';
import { LER_CTE } from '../permissoes/leituras';
import { anyOf } from '../permissoes/regras';
import { CODIGOS_DOCUMENTOS_ERP } from '../../contracts/relatorios';

const jsonParam = z.object({ json: z.string().max(500, MSG_PEDIDO_JSON_INVALIDO) });

/**
 * The {json} path segment of /vwpedidos/{json} and /vwpedidos/detalhe/{json} (spec 03 §7 shows only its
 * name): the URL-encoded JSON of the order's key, {"pedidoId":"P1"} (Hono decodes the segment). Anything
 * else (not JSON, not an object, no pedidoId) is 400.
 */
function chavePedido(texto: string): string {
  let valor: unknown;
  try {
    valor = JSON.parse(texto);
  } catch {
    throw badRequest(MSG_PEDIDO_JSON_INVALIDO);
  }
  if (typeof valor !== 'object' || valor === null || Array.isArray(valor)) throw badRequest(MSG_PEDIDO_JSON_INVALIDO);
  return parseOrBadRequest(pedidoChaveSchema, valor).pedidoId;
}

async function umPedido(c: { get: (k: 'banco') => AppEnv['Variables']['banco'] }, texto: string): Promise<PedidoErp> {
  const [pedido] = await erpNotasPedidosDe(c.get('banco')).pedidosPorId([chavePedido(texto)]);
  if (!pedido) throw new ApiError(404, [MSG_PEDIDO_NAO_ENCONTRADO]);
  return pedido;
}

/** /vwpedidos and /vw-notas-fiscais (spec 03 §7 "Orders and invoices lookups"): the ERP's orders and invoices. */
export const vwPedidosRoutes = () =>
  new Hono<AppEnv>()
    .get('/listarSimples', validate('query', pedidosListaQuerySchema), async (c) => {
      const q = c.req.valid('query');
      listOffset(q.page, q.size);
      return c.json<Page<PedidoErp>>(await erpNotasPedidosDe(c.get('banco')).pedidos(q), 200);
    })
    .get('/detalhe/:json', validate('param', jsonParam), async (c) => {
      const pedido = await umPedido(c, c.req.valid('param').json);
      const notasFiscais = await erpNotasPedidosDe(c.get('banco')).notasDoPedido(pedido.pedidoId);
      return c.json<PedidoErpDetalhe>({ ...pedido, notasFiscais }, 200);
    })
    // The order mirror: a PDF of the order, its customer and notes; an unknown order is a 404.
    .get('/espelhoPedido/:json', validate('param', jsonParam), async (c) => {
      const pedidoId = chavePedido(c.req.valid('param').json);
      return respostaArquivo(await espelhoPedidoPdf(await dadosEspelhoPedido(c.get('banco'), pedidoId)), 'pdf', NOMES_ARQUIVOS.espelhoPedido(pedidoId));
    })
    .get('/:json', validate('param', jsonParam), async (c) => c.json<PedidoErp>(await umPedido(c, c.req.valid('param').json), 200));

export const vwNotasFiscaisRoutes = () =>
  new Hono<AppEnv>()
    // Spec 03 §8: a note's PDF, and an order's PDFs in a ZIP; a 404 carries the 'Advertência' text.
    .get('/pdf', validate('query', notaFiscalPdfQuerySchema), async (c) => {
      const { pdf, numero } = await pdfDaNota(c.get('banco'), c.req.valid('query'));
      return respostaArquivo(pdf, 'pdf', NOMES_ARQUIVOS.notaFiscal(numero));
    })
    .get('/pdfs', validate('query', pedidoPdfsQuerySchema), async (c) => {
      const { pedidoId } = c.req.valid('query');
      return respostaArquivo(await zipDoPedido(c.get('banco'), pedidoId), 'zip', NOMES_ARQUIVOS.notasDoPedido(pedidoId));
    })
    .get('/quantidade-nfs', validate('query', quantidadeNfsQuerySchema), async (c) =>
    c.json<{ quantidade: number }>({ quantidade: await erpNotasPedidosDe(c.get('banco')).quantidadeNotasDoPedido(c.req.valid('query').pedidoId) }, 200),
  );

export const vwPedidosApi = areaApi('/api/vwpedidos', () => vwPedidosRoutes(), {
  // Orders and invoices of the ERP (spec 03 §7), read by the CT-e and manifest screens.
  'GET /listarSimples': anyOf('FRETE_CTE_M', 'FRETE_ROMA_M'),
  'GET /detalhe/:json': anyOf('FRETE_CTE_M', 'FRETE_ROMA_M'),
  'GET /:json': anyOf('FRETE_CTE_M', 'FRETE_ROMA_M'),
  'GET /espelhoPedido/:json': anyOf(...CODIGOS_DOCUMENTOS_ERP),
});

export const vwNotasFiscaisApi = areaApi('/api/vw-notas-fiscais', () => vwNotasFiscaisRoutes(), {
  'GET /quantidade-nfs': anyOf('FRETE_CTE_M', 'FRETE_ROMA_M'),
  // Report downloads (spec 03 §7, §8; docs/decisoes.md §28: the spec names no role). A note's PDF, an order's ZIP and
  // the order mirror: whoever reads the CT-e detail (LER_CTE: its notes grid shows the note and its order) or the
  // ERP order lookups above (FRETE_ROMA_M). The period reports of the palette (commercial and financial:
  // vendido × faturado, consolidado, inadimplência): the CT-e screen's, the freight indicators' and the
  // faturas' users — who follow freight against sales and billing; nobody gets them from a write code.
  'GET /pdf': anyOf(...CODIGOS_DOCUMENTOS_ERP),
  'GET /pdfs': anyOf(...CODIGOS_DOCUMENTOS_ERP),
});
