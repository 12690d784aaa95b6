import { escreverDoccob } from '../../../src/server/ingest/doccob/escrever-doccob';
import { lerArquivoDoccob } from '../../../src/server/faturas/ler-arquivo-doccob';
import { faturaDoccob } from '../faturas-dados';
import type { Amostras, ContextoAmostras } from './tipos';

/** /api/faturas: faturas of an invented carrier, each sample its own número. */
export const amostrasFaturas = (ctx: ContextoAmostras): Amostras => {
  const CNPJ = '12345678000195';
  let sequencia = 0;
  const numero = () => String(6_000_000 + (Date.now() % 1_000_000) * 10 + (++sequencia % 10)).slice(0, 10);
  const bytes = () => new TextEncoder().encode(escreverDoccob([faturaDoccob({ numero: numero(), cnpj: CNPJ, linhas: [{ numero: '999999999' }] })]));
  /** A fatura read straight into the database (PROCESSADO, versão 0). */
  const nova = async () => {
    const r = await lerArquivoDoccob(ctx.harness().bancos.COLACRIL.db, 'amostra.txt', bytes());
    if (r.tipo !== 'LIDA') throw new Error(`amostra de fatura: ${JSON.stringify(r)}`);
    return r.faturaId;
  };
  return {
    // The permission harness has no EDI_DIR: past the guard, the reading answers 409 in Portuguese.
    'GET /api/faturas/ler-arquivos': async () => ({ path: '/api/faturas/ler-arquivos', status: 409 }),
    'POST /api/faturas/enviar': async () => {
      const form = new FormData();
      form.append('arquivos', new Blob([bytes()]), 'amostra.txt');
      return { path: '/api/faturas/enviar', body: form };
    },
    'GET /api/faturas/exportar': async () => ({ path: '/api/faturas/exportar?inicio=2001-01-01&fim=2001-01-01', status: 404 }),
    'GET /api/faturas': async () => ({
      path: `/api/faturas?inicio=2000-01-01&fim=2099-12-31&status=PROCESSADO&transportadora=${CNPJ}&documento=COBRA1&numeroDocumento=1&sort=valorTotal,desc&size=100`,
    }),
    'GET /api/faturas/listar': async () => ({ path: '/api/faturas/listar?numero=6' }),
    'POST /api/faturas/cancelar': async () => ({ path: '/api/faturas/cancelar', body: { id: await nova(), versao: 0 } }),
    'GET /api/faturas/:id': async () => ({ path: `/api/faturas/${await nova()}` }),
    'GET /api/faturas/:id/ctes': async () => ({ path: `/api/faturas/${await nova()}/ctes?page=0&size=12` }),
  };
};
