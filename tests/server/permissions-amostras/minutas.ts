import { corpoMinuta, inserirMinuta, minutaCompletaTeste, referencias } from '../minutas-dados';
import type { Amostras, ContextoAmostras } from './tipos';

/** /api/minutas: each sample its own complete PENDENTE minuta over the seeded registers (COLACRIL). */
export const amostrasMinutas = (ctx: ContextoAmostras): Amostras => {
  const db = () => ctx.harness().bancos.COLACRIL.db;
  /** A complete PENDENTE minuta written straight into the database (versão 0). */
  const nova = async () => inserirMinuta(db(), minutaCompletaTeste(await referencias(db())));
  return {
    'GET /api/minutas/exportar': async () => ({ path: `/api/minutas/exportar?search=${encodeURIComponent('dataEmissao>=1990-01-01;dataEmissao<=1990-01-01')}`, status: 404 }),
    'GET /api/minutas': async () => {
      const { transportadora } = await referencias(db());
      const search = encodeURIComponent('dataEmissao>=2000-01-01;dataEmissao<=2099-12-31;fatura:T1;numero:1;chave:1;status:PENDENTE');
      return { path: `/api/minutas?search=${search}&transportadora=id:${transportadora}&sort=dataEmissao,desc&page=0&size=20` };
    },
    'GET /api/minutas/new': async () => ({ path: '/api/minutas/new' }),
    'GET /api/minutas/listar': async () => ({ path: '/api/minutas/listar?numero=1' }),
    'GET /api/minutas/:id': async () => ({ path: `/api/minutas/${await nova()}` }),
    // An edit: the lock, the version, the references and the children all run.
    'POST /api/minutas': async () => ({ path: '/api/minutas', body: { ...corpoMinuta(await referencias(db())), id: await nova(), versao: 0 } }),
    'DELETE /api/minutas': async () => ({ path: '/api/minutas', body: { id: await nova(), versao: 0 } }),
    'POST /api/minutas/confirmar': async () => ({ path: '/api/minutas/confirmar', body: { ids: [await nova(), await nova()] } }),
  };
};
