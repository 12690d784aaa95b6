import { asc, isNotNull } from 'drizzle-orm';
import { motorista } from '../../../src/server/db/schema/motorista';
import { veiculo } from '../../../src/server/db/schema/veiculo';
import { erpTabelas } from '../../../src/server/erp/erp-tabelas';
import type { Amostras, ContextoAmostras } from './tipos';

/** /api/romaneios, the freight-cost manifest (docs/decisoes.md §24): each sample its own manifest, with invoices no other one holds (COLACRIL). */
export const amostrasRomaneios = (ctx: ContextoAmostras): Amostras => {
  const banco = () => ctx.harness().bancos.COLACRIL;
  const erp = () => erpTabelas(banco().erpSchema);
  const corpo = async () => {
    const [m] = await banco().db.select({ id: motorista.id }).from(motorista).orderBy(asc(motorista.id)).limit(1);
    const [v] = await banco().db.select({ id: veiculo.id }).from(veiculo).orderBy(asc(veiculo.id)).limit(1);
    const nf = `AM${ctx.unico()}`.slice(0, 30);
    return {
      motorista: { id: m.id },
      veiculo: { id: v.id },
      valorColeta: '10.00',
      valorFrete: '250.50',
      observacao: 'Amostra',
      itens: [
        {
          notaFiscalId: nf,
          pedidoId: 'P1',
          volumes: 2,
          peso: '120.5',
          valorNotaFiscal: '900.00',
          cliente: '12345678000195',
          transportadora: '11222333000181',
          detalhes: [{ linha: '1', descricao: 'Papel', quantidade: '3', unidade: 'CX', valorTotalItem: '900.00' }],
        },
      ],
    };
  };
  /** A saved manifest (EXPEDICAO, versão 0), as POST /api/romaneios answers it. */
  const novo = async () => (await ctx.salvar('/api/romaneios', await corpo())).romaneio;
  const umaNota = async () => (await banco().db.select({ nf: erp().vwNotaFiscalItem.notaFiscalId }).from(erp().vwNotaFiscalItem).limit(1))[0].nf;
  return {
    'GET /api/romaneios/new': async () => ({ path: '/api/romaneios/new' }),
    'GET /api/romaneios/listar': async () => ({ path: '/api/romaneios/listar?numero=1' }),
    'GET /api/romaneios/listar-simples': async () => ({
      path: '/api/romaneios/listar-simples?inicio=2000-01-01&fim=2099-12-31&numero=1&status=EXPEDICAO&pedido=P1&notaFiscal=N1&transportadora=1&cliente=1&page=0&size=50',
    }),
    'GET /api/romaneios/cliente-pedido/:id': async () => {
      const [p] = await banco().db.select({ id: erp().vwPedido.pedidoId }).from(erp().vwPedido).where(isNotNull(erp().vwPedido.clienteId)).limit(1);
      return { path: `/api/romaneios/cliente-pedido/${encodeURIComponent(p.id)}` };
    },
    'GET /api/romaneios/nota-fiscal/:nf': async () => ({ path: `/api/romaneios/nota-fiscal/${encodeURIComponent(await umaNota())}` }),
    'GET /api/romaneios/nota-fiscal-itens/:nf': async () => ({ path: `/api/romaneios/nota-fiscal-itens/${encodeURIComponent(await umaNota())}` }),
    'GET /api/romaneios/contains-nf/:nf': async () => ({ path: '/api/romaneios/contains-nf/NF1?romaneio=1' }),
    'GET /api/romaneios/despesas': async () => ({ path: '/api/romaneios/despesas?inicio=2000-01-01&fim=2000-01-31' }),
    'POST /api/romaneios/imprimir/contrato/:id': async () => ({ path: `/api/romaneios/imprimir/contrato/${(await novo()).id}` }),
    'POST /api/romaneios/imprimir/:id': async () => ({ path: `/api/romaneios/imprimir/${(await novo()).id}` }),
    'POST /api/romaneios': {
      create: async () => ({ path: '/api/romaneios', body: await corpo() }),
      // An edit: the lock, the event, the version, the registers and the invoices all run.
      edit: async () => {
        const m = await novo();
        return { path: '/api/romaneios', body: { ...(await corpo()), id: m.id, status: 'EXPEDICAO', observacao: 'Editada', versao: m.versao } };
      },
    },
    'GET /api/romaneios/:id': async () => ({ path: `/api/romaneios/${(await novo()).id}` }),
    'GET /api/romaneios/exportar': async () => ({ path: `/api/romaneios/exportar?numero=${(await novo()).numero}&formato=csv` }),
  };
};
