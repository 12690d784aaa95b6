import { Hono } from 'hono';
import { z } from 'zod';
import { idParamSchema, INTEIRO_MAXIMO, type Page } from '../../contracts/common';
import type { ClientePedido, DetalheNotaFiscal, NotaFiscalLookup } from '../../contracts/ordens-servico';
import { MSG_PEDIDO_NAO_ENCONTRADO } from '../../contracts/pedidos-erp';
import type { RomaneioFrete, RomaneioLinha } from '../../contracts/romaneios';
import {
  despesasRomaneiosQuerySchema,
  romaneioFreteSalvarSchema,
  romaneioListaQuerySchema,
  type NotaEmRomaneio,
  type RomaneioSalvo,
} from '../../contracts/romaneios-salvar';
import type { AppEnv } from '../app-env';
import { erpOrdensServicoDe } from '../erp/erp-ordens-servico';
import { ApiError } from '../http/api-error';
import { validate } from '../http/validate';
import { contratoTransporteDocx } from '../documentos/contrato-transporte-docx';
import { despesasRomaneiosPdf } from '../documentos/despesas-romaneios-pdf';
import { romaneioFretePdf } from '../documentos/romaneio-frete-pdf';
import { dadosDespesas, dadosRomaneioFrete } from '../romaneios/documentos-romaneio';
import { exportarRomaneios } from '../romaneios/exportar-romaneios';
import { lerRomaneio, romaneioNovo } from '../romaneios/ler-romaneio';
import { buscarRomaneiosPorNumero, listarRomaneios } from '../romaneios/listar-romaneios';
import { romaneioComNota } from '../romaneios/notas-romaneio';
import { salvarRomaneio } from '../romaneios/salvar-romaneio';
import { areaApi } from '../permissoes/area-api';
import { anyOf, saveOuCancelar } from '../permissoes/regras';

// /romaneios, the freight-cost manifest (spec 03 §2.7, §4, §5, §7 "Manifests"): blank, palette
// search, list, save, read, the ERP lookups of the dialog's items, the invoice holder, and the three
// documents. Fixed paths first. Permissions: romaneiosApi at the end of this file (save: create/edit/cancel).

export const mensagemNotaNaoEncontrada = (nf: string) => `Nota fiscal ${nf} não encontrada no ERP.`;

const codigo = (campo: string) =>
  z.string({ error: `${campo}: informe o código.` }).trim().min(1, `${campo}: informe o código.`).max(30, `${campo}: no máximo 30 caracteres.`);
const notaParam = z.object({ nf: codigo('Nota fiscal') });
const pedidoParam = z.object({ id: codigo('Pedido') });
const MSG_ROMANEIO_IGNORADO = 'Romaneio: identificador inválido.';
const containsQuery = z.object({
  romaneio: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce.number({ error: MSG_ROMANEIO_IGNORADO }).int(MSG_ROMANEIO_IGNORADO).positive(MSG_ROMANEIO_IGNORADO).max(INTEIRO_MAXIMO, MSG_ROMANEIO_IGNORADO).optional(),
    ),
});
const buscaQuery = z.object({
  numero: z.string({ error: 'Nº do romaneio: apenas dígitos (até 10).' }).trim().regex(/^\d{1,10}$/, 'Nº do romaneio: apenas dígitos (até 10).'),
});

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const arquivo = (conteudo: Buffer, tipo: string, nome: string) =>
  new Response(new Uint8Array(conteudo), { status: 200, headers: { 'Content-Type': tipo, 'Content-Disposition': `attachment; filename="${nome}"` } });

/** The ERP lookups of the dialog's items and the invoice holder. */
const consultas = () =>
  new Hono<AppEnv>()
    .get('/cliente-pedido/:id', validate('param', pedidoParam), async (c) => {
      const cliente = await erpOrdensServicoDe(c.get('banco')).clientePedido(c.req.valid('param').id);
      if (!cliente) throw new ApiError(404, [MSG_PEDIDO_NAO_ENCONTRADO]);
      return c.json<ClientePedido>(cliente, 200);
    })
    .get('/nota-fiscal/:nf', validate('param', notaParam), async (c) => {
      const { nf } = c.req.valid('param');
      const nota = await erpOrdensServicoDe(c.get('banco')).notaFiscal(nf);
      if (!nota) throw new ApiError(404, [mensagemNotaNaoEncontrada(nf)]);
      return c.json<NotaFiscalLookup>(nota, 200);
    })
    .get('/nota-fiscal-itens/:nf', validate('param', notaParam), async (c) =>
      c.json<DetalheNotaFiscal[]>(await erpOrdensServicoDe(c.get('banco')).itensNotaFiscal(c.req.valid('param').nf), 200),
    )
    .get('/contains-nf/:nf', validate('param', notaParam), validate('query', containsQuery), async (c) =>
      c.json<NotaEmRomaneio>({ numero: await romaneioComNota(c.get('banco').db, [c.req.valid('param').nf], c.req.valid('query').romaneio) }, 200),
    );

/** The manifest PDF, the transport contract DOCX and the expenses PDF. */
const documentos = () =>
  new Hono<AppEnv>()
    .get('/despesas', validate('query', despesasRomaneiosQuerySchema), async (c) => {
      const { inicio, fim } = c.req.valid('query');
      const pdf = await despesasRomaneiosPdf(await dadosDespesas(c.get('banco').db, c.get('empresa'), inicio, fim));
      return arquivo(pdf, PDF, `despesas-romaneios-${inicio}-a-${fim}.pdf`);
    })
    .post('/imprimir/contrato/:id', validate('param', idParamSchema), async (c) => {
      const dados = await dadosRomaneioFrete(c.get('banco').db, c.get('empresa'), c.req.valid('param').id);
      return arquivo(await contratoTransporteDocx(dados), DOCX, `contrato-transporte-romaneio-${dados.numero}.docx`);
    })
    .post('/imprimir/:id', validate('param', idParamSchema), async (c) => {
      const dados = await dadosRomaneioFrete(c.get('banco').db, c.get('empresa'), c.req.valid('param').id);
      return arquivo(await romaneioFretePdf(dados), PDF, `romaneio-${dados.numero}.pdf`);
    });

export function romaneiosRoutes() {
  return new Hono<AppEnv>()
    .get('/new', (c) => c.json<RomaneioFrete>(romaneioNovo(), 200))
    .get('/listar', validate('query', buscaQuery), async (c) =>
      c.json<RomaneioLinha[]>(await buscarRomaneiosPorNumero(c.get('banco').db, c.req.valid('query').numero), 200),
    )
    .get('/listar-simples', validate('query', romaneioListaQuerySchema), async (c) =>
      c.json<Page<RomaneioLinha>>(await listarRomaneios(c.get('banco').db, c.req.valid('query')), 200),
    )
    .get('/exportar', validate('query', romaneioListaQuerySchema), (c) => exportarRomaneios(c, c.get('banco').db, c.req.valid('query')))
    .route('/', consultas())
    .route('/', documentos())
    .post('/', validate('json', romaneioFreteSalvarSchema), async (c) => {
      const { db } = c.get('banco');
      const { id, criado } = await salvarRomaneio(db, c.req.valid('json'));
      return c.json<RomaneioSalvo<RomaneioFrete>>({ romaneio: await lerRomaneio(db, id), avisos: [] }, criado ? 201 : 200);
    })
    .get('/:id', validate('param', idParamSchema), async (c) => c.json<RomaneioFrete>(await lerRomaneio(c.get('banco').db, c.req.valid('param').id), 200));
}

export const romaneiosApi = areaApi('/api/romaneios', () => romaneiosRoutes(), {
  // Romaneios, the freight-cost manifest (spec 03 §6; docs/decisoes.md §24): the menu code for every call, the ERP
  // lookups and the three documents ("printing needs no role check"); a save creates with FRETE_ROMA_C, edits (also
  // sending to billing and finalizing) with FRETE_ROMA_E, and cancels with the menu code alone.
  'GET /new': anyOf('FRETE_ROMA_M'),
  'GET /listar': anyOf('FRETE_ROMA_M'),
  'GET /listar-simples': anyOf('FRETE_ROMA_M'),
  'GET /exportar': anyOf('FRETE_ROMA_M'),
  'GET /cliente-pedido/:id': anyOf('FRETE_ROMA_M'),
  'GET /nota-fiscal/:nf': anyOf('FRETE_ROMA_M'),
  'GET /nota-fiscal-itens/:nf': anyOf('FRETE_ROMA_M'),
  'GET /contains-nf/:nf': anyOf('FRETE_ROMA_M'),
  'GET /despesas': anyOf('FRETE_ROMA_M'),
  'POST /imprimir/contrato/:id': anyOf('FRETE_ROMA_M'),
  'POST /imprimir/:id': anyOf('FRETE_ROMA_M'),
  'POST /': saveOuCancelar(['FRETE_ROMA_C'], ['FRETE_ROMA_E'], ['FRETE_ROMA_M']),
  'GET /:id': anyOf('FRETE_ROMA_M'),
});
