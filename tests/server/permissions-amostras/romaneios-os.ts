import { corpoOs, inserirRomaneiosOs, itemNf, refsOs } from '../romaneios-os-dados';
import { dadosErp } from '../ordens-servico-dados';
import type { Amostras, ContextoAmostras } from './tipos';

/** /api/romaneios-colacril (docs/decisoes.md §24): each sample its own manifest over the seeded registers (COLACRIL). */
export const amostrasRomaneiosOs = (ctx: ContextoAmostras): Amostras => {
  const db = () => ctx.harness().bancos.COLACRIL.db;
  /** A manifest in EXPEDICAO with one item, written straight into the database (versão 0). */
  const novo = async () => {
    const r = await refsOs(db());
    const [criado] = await inserirRomaneiosOs(db(), r, [{ itens: [{ clienteId: r.cliente, pedidoId: 'PE-AMOSTRA', notaFiscalId: 'NF-AMOSTRA' }] }]);
    return criado;
  };
  return {
    'GET /api/romaneios-colacril/new': async () => ({ path: '/api/romaneios-colacril/new' }),
    'GET /api/romaneios-colacril/listar-simples': async () => {
      const r = await refsOs(db());
      const filtros = `inicio=2000-01-01&fim=2099-12-31&numero=1&status=EXPEDICAO&origem=${r.campoMourao}&destino=${r.saoPaulo}&transportadora=${r.transportadora}&cliente=${r.cliente}&pedido=PE1&notaFiscal=NF1`;
      return { path: `/api/romaneios-colacril/listar-simples?${filtros}&page=0&size=50` };
    },
    'GET /api/romaneios-colacril/listar': async () => ({ path: '/api/romaneios-colacril/listar?numero=1' }),
    'GET /api/romaneios-colacril/buscar-os/:x': async () => ({ path: `/api/romaneios-colacril/buscar-os/${(await dadosErp(ctx.harness().bancos.COLACRIL)).ordens[0].ordemServico}` }),
    'POST /api/romaneios-colacril/imprimir/:id': async () => ({ path: `/api/romaneios-colacril/imprimir/${(await novo()).id}` }),
    'POST /api/romaneios-colacril': {
      create: async () => ({ path: '/api/romaneios-colacril', body: corpoOs(await refsOs(db())) }),
      // An edit: the lock, the event, the version, the references and the items all run.
      edit: async () => {
        const r = await refsOs(db());
        return { path: '/api/romaneios-colacril', body: { ...corpoOs(r, { itens: [itemNf(r), itemNf(r, { redespacho: { id: r.outraTransportadora } })] }), id: (await novo()).id, versao: 0 } };
      },
    },
    'GET /api/romaneios-colacril/:id': async () => ({ path: `/api/romaneios-colacril/${(await novo()).id}` }),
    'GET /api/romaneios-colacril/exportar': async () => ({ path: `/api/romaneios-colacril/exportar?numero=${(await novo()).numero}&formato=csv` }),
  };
};
