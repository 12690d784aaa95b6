import { eq } from 'drizzle-orm';
import { transportadora } from '../../../src/server/db/schema/transportadora';
import { dadosErp } from '../ordens-servico-dados';
import type { Amostras, ContextoAmostras } from './tipos';

/** /api/ordens-servico: the pickers by the carrier's register id and the preencher-dados lookups, over the demo ERP. */
export const amostrasOrdensServico = (ctx: ContextoAmostras): Amostras => {
  const banco = () => ctx.harness().bancos.COLACRIL;
  /** The demo ERP's O.S. and invoices, the carrier with the most O.S. by its register id. */
  const erp = async () => {
    const d = await dadosErp(banco());
    const [t] = await banco().db.select({ id: transportadora.id }).from(transportadora).where(eq(transportadora.fornecedorId, d.carrier));
    const faturada = d.ordens.find((o) => o.notaFiscalId)!;
    return { ...d, carrierId: t.id, faturada };
  };
  const picker = async (caminho: string) => {
    const { carrierId, faturada } = await erp();
    const filtros = `transportadora=${carrierId}&cliente=${faturada.clienteId}&uf=${faturada.uf}&municipio=${faturada.codigoMunicipio}&os=${faturada.ordemServico}&pedido=${faturada.pedidoId}&produto=TIN-1018&inicio=2000-01-01&fim=2999-12-31`;
    return { path: `/api/ordens-servico/${caminho}?${filtros}` };
  };
  return {
    'GET /api/ordens-servico/ordens-servico-transportadora': () => picker('ordens-servico-transportadora'),
    'GET /api/ordens-servico/notas-fiscais-transportadora': () => picker('notas-fiscais-transportadora'),
    'GET /api/ordens-servico/preencher-dados-fiscais-os/:os': async () => ({ path: `/api/ordens-servico/preencher-dados-fiscais-os/${(await erp()).faturada.ordemServico}` }),
    'GET /api/ordens-servico/preencher-dados-fiscais-nf/:nf': async () => ({ path: `/api/ordens-servico/preencher-dados-fiscais-nf/${(await erp()).faturada.notaFiscalId}` }),
    'GET /api/ordens-servico/preencher-dados-peso-volume/:os': async () => ({ path: `/api/ordens-servico/preencher-dados-peso-volume/${(await erp()).faturada.ordemServico}` }),
  };
};
