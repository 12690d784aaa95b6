import { Hono } from 'hono';
import { idParamSchema, type Page } from '../../contracts/common';
import type { OrdemServicoLinha } from '../../contracts/ordens-servico';
import type { RomaneioLinha, RomaneioOs } from '../../contracts/romaneios';
import { romaneioListaQuerySchema, romaneioOsSalvarSchema, type RomaneioSalvo } from '../../contracts/romaneios-salvar';
import type { AppEnv } from '../app-env';
import { erpOrdensServicoDe } from '../erp/erp-ordens-servico';
import { ApiError } from '../http/api-error';
import { validate } from '../http/validate';
import { mensagemOsNaoEncontrada } from '../romaneios-os/dados-item-os';
import { imprimirRomaneioOs } from '../romaneios-os/documento-romaneio-os';
import { exportarRomaneiosOs } from '../romaneios-os/exportar-romaneios-os';
import { lerRomaneioOs, romaneioOsNovo } from '../romaneios-os/ler-romaneio-os';
import { buscarRomaneiosOsPorNumero, listarRomaneiosOs } from '../romaneios-os/listar-romaneios-os';
import { buscarOsParamSchema, romaneioOsBuscaQuerySchema } from '../romaneios-os/parametros-os';
import { salvarRomaneioOs } from '../romaneios-os/salvar-romaneio-os';
import { areaApi } from '../permissoes/area-api';
import { anyOf, saveOuCancelar } from '../permissoes/regras';

/** "romaneio-os-123.pdf". */
const cabecalhosPdf = (numero: number) => ({
  'Content-Type': 'application/pdf',
  'Content-Disposition': `attachment; filename="romaneio-os-${numero}.pdf"`,
});

/**
 * /romaneios-colacril (spec 03 §7 "Manifests", the service-order flavour): blank, list, palette
 * search, the lines of an O.S., print, save, get. Fixed paths first.
 */
export function romaneiosColacrilRoutes() {
  return new Hono<AppEnv>()
    .get('/new', async (c) => c.json<RomaneioOs>(await romaneioOsNovo(c.get('banco').db), 200))
    .get('/listar-simples', validate('query', romaneioListaQuerySchema), async (c) =>
      c.json<Page<RomaneioLinha>>(await listarRomaneiosOs(c.get('banco').db, c.req.valid('query')), 200),
    )
    .get('/exportar', validate('query', romaneioListaQuerySchema), (c) => exportarRomaneiosOs(c, c.get('banco').db, c.req.valid('query')))
    .get('/listar', validate('query', romaneioOsBuscaQuerySchema), async (c) =>
      c.json<RomaneioLinha[]>(await buscarRomaneiosOsPorNumero(c.get('banco').db, c.req.valid('query').numero), 200),
    )
    .get('/buscar-os/:x', validate('param', buscarOsParamSchema), async (c) => {
      const { x } = c.req.valid('param');
      const linhas = await erpOrdensServicoDe(c.get('banco')).linhasOrdemServico(x);
      if (!linhas.length) throw new ApiError(404, [mensagemOsNaoEncontrada(x)]);
      return c.json<OrdemServicoLinha[]>(linhas, 200);
    })
    .post('/imprimir/:id', validate('param', idParamSchema), async (c) => {
      const { pdf, numero } = await imprimirRomaneioOs(c.get('banco').db, c.get('empresa'), c.req.valid('param').id);
      return c.body(new Uint8Array(pdf), 200, cabecalhosPdf(numero));
    })
    .post('/', validate('json', romaneioOsSalvarSchema), async (c) => {
      const { db } = c.get('banco');
      const { id, criado, avisos } = await salvarRomaneioOs(db, c.req.valid('json'));
      return c.json<RomaneioSalvo<RomaneioOs>>({ romaneio: await lerRomaneioOs(db, id), avisos }, criado ? 201 : 200);
    })
    .get('/:id', validate('param', idParamSchema), async (c) => c.json<RomaneioOs>(await lerRomaneioOs(c.get('banco').db, c.req.valid('param').id), 200));
}

export const romaneiosColacrilApi = areaApi('/api/romaneios-colacril', () => romaneiosColacrilRoutes(), {
  // The service-order manifest (spec 03 §6; docs/decisoes.md §24): the same rules; its O.S. and invoice pickers and the
  // preencher-dados lookups are the dialog's, read with the menu code.
  'GET /new': anyOf('FRETE_ROMA_M'),
  'GET /listar-simples': anyOf('FRETE_ROMA_M'),
  'GET /exportar': anyOf('FRETE_ROMA_M'),
  'GET /listar': anyOf('FRETE_ROMA_M'),
  'GET /buscar-os/:x': anyOf('FRETE_ROMA_M'),
  'POST /imprimir/:id': anyOf('FRETE_ROMA_M'),
  'POST /': saveOuCancelar(['FRETE_ROMA_C'], ['FRETE_ROMA_E'], ['FRETE_ROMA_M']),
  'GET /:id': anyOf('FRETE_ROMA_M'),
});
