import { escreverDoccob } from '../../../src/server/ingest/doccob/escrever-doccob';
import { lerArquivoDoccob } from '../../../src/server/faturas/ler-arquivo-doccob';
import { faturaDoccob } from '../faturas-dados';
import type { Amostras, ContextoAmostras } from './tipos';

/** /api/contestacoes: each sample disputes a new fatura of one unknown CT-e (CTE_NAO_RECONHECIDO: its whole value). */
export const amostrasContestacoes = (ctx: ContextoAmostras): Amostras => {
  let sequencia = 0;
  const novaFatura = async () => {
    const numero = String(9_100_000 + (Date.now() % 100_000) * 10 + (++sequencia % 10)).slice(0, 10);
    const bytes = new TextEncoder().encode(escreverDoccob([faturaDoccob({ numero, cnpj: '12345678000195', linhas: [{ numero: '999999996' }] })]));
    const r = await lerArquivoDoccob(ctx.harness().bancos.COLACRIL.db, 'amostra-contestacao.txt', bytes);
    if (r.tipo !== 'LIDA') throw new Error(`amostra de fatura: ${JSON.stringify(r)}`);
    return r.faturaId;
  };
  const corpoNova = async () => ({ fatura: await novaFatura(), motivo: 'CTE_NAO_RECONHECIDO' });
  const nova = async () => {
    const c = await ctx.salvar('/api/contestacoes', await corpoNova());
    if (!c.id) throw new Error(`amostra de contestação: ${JSON.stringify(c)}`);
    return c as { id: number; versao: number };
  };
  const enviada = async () => {
    const c = await nova();
    return ctx.salvar(`/api/contestacoes/${c.id}/enviar`, { versao: c.versao }) as Promise<{ id: number; versao: number }>;
  };
  return {
    'GET /api/contestacoes': async () => ({ path: '/api/contestacoes?status=ABERTA&transportadora=12345678000195&vencidas=false&size=10' }),
    'POST /api/contestacoes': async () => ({ path: '/api/contestacoes', body: await corpoNova() }),
    'GET /api/contestacoes/:id': async () => ({ path: `/api/contestacoes/${(await nova()).id}` }),
    'GET /api/contestacoes/:id/carta': async () => ({ path: `/api/contestacoes/${(await nova()).id}/carta` }),
    'GET /api/contestacoes/:id/email': async () => ({ path: `/api/contestacoes/${(await nova()).id}/email` }),
    'POST /api/contestacoes/:id/enviar': async () => {
      const c = await nova();
      return { path: `/api/contestacoes/${c.id}/enviar`, body: { versao: c.versao } };
    },
    'POST /api/contestacoes/:id/responder': async () => {
      const c = await enviada();
      return { path: `/api/contestacoes/${c.id}/responder`, body: { versao: c.versao, resultado: 'RECUSADA' } };
    },
    'POST /api/contestacoes/:id/encerrar': async () => {
      const c = await nova();
      return { path: `/api/contestacoes/${c.id}/encerrar`, body: { versao: c.versao } };
    },
  };
};
