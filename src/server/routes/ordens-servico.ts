import { Hono } from 'hono';
import { ordensServicoQuerySchema, type DadosItemRomaneioOs, type ListagemPicker, type NotaFiscalListagem, type OrdemServicoListagem } from '../../contracts/ordens-servico';
import type { AppEnv } from '../app-env';
import { validate } from '../http/validate';
import { dadosFiscaisNf, dadosFiscaisOs, dadosPesoVolume } from '../romaneios-os/dados-item-os';
import { notasFiscaisDaTransportadora, ordensServicoDaTransportadora } from '../romaneios-os/pickers-os';
import { notaFiscalParamSchema, osParamSchema } from '../romaneios-os/parametros-os';
import { areaApi } from '../permissoes/area-api';
import { anyOf } from '../permissoes/regras';

/**
 * /ordens-servico (spec 03 §7 "Manifests"): the service-order manifest's nested picker of service
 * orders and invoices by carrier (`transportadora` is the carrier's register id: romaneios-os/pickers-os.ts),
 * and the three calls that fill an item (romaneios-os/dados-item-os.ts; 404 when the O.S. or invoice is unknown).
 */
export function ordensServicoRoutes() {
  return new Hono<AppEnv>()
    .get('/ordens-servico-transportadora', validate('query', ordensServicoQuerySchema), async (c) =>
      c.json<ListagemPicker<OrdemServicoListagem>>(await ordensServicoDaTransportadora(c.get('banco'), c.req.valid('query')), 200),
    )
    .get('/notas-fiscais-transportadora', validate('query', ordensServicoQuerySchema), async (c) =>
      c.json<ListagemPicker<NotaFiscalListagem>>(await notasFiscaisDaTransportadora(c.get('banco'), c.req.valid('query')), 200),
    )
    .get('/preencher-dados-fiscais-os/:os', validate('param', osParamSchema), async (c) =>
      c.json<DadosItemRomaneioOs>(await dadosFiscaisOs(c.get('banco'), c.req.valid('param').os), 200),
    )
    .get('/preencher-dados-fiscais-nf/:nf', validate('param', notaFiscalParamSchema), async (c) =>
      c.json<DadosItemRomaneioOs>(await dadosFiscaisNf(c.get('banco'), c.req.valid('param').nf), 200),
    )
    .get('/preencher-dados-peso-volume/:os', validate('param', osParamSchema), async (c) =>
      c.json<DadosItemRomaneioOs>(await dadosPesoVolume(c.get('banco'), c.req.valid('param').os), 200),
    );
}

export const ordensServicoApi = areaApi('/api/ordens-servico', () => ordensServicoRoutes(), {
  'GET /ordens-servico-transportadora': anyOf('FRETE_ROMA_M'),
  'GET /notas-fiscais-transportadora': anyOf('FRETE_ROMA_M'),
  'GET /preencher-dados-fiscais-os/:os': anyOf('FRETE_ROMA_M'),
  'GET /preencher-dados-fiscais-nf/:nf': anyOf('FRETE_ROMA_M'),
  'GET /preencher-dados-peso-volume/:os': anyOf('FRETE_ROMA_M'),
});
