import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { cte, cteAuditoria } from '../../../src/server/db/schema/cte';
import { fatura, faturaCte } from '../../../src/server/db/schema/fatura';
import { escreverDoccob } from '../../../src/server/ingest/doccob/escrever-doccob';
import { lerArquivoDoccob } from '../../../src/server/faturas/ler-arquivo-doccob';
import { faturaDoccob } from '../faturas-dados';
import type { Amostras, ContextoAmostras } from './tipos';

/** /api/alcadas, the forward of CT-es (/api/auditorias-cte/encaminhar) and a person's release of a fatura (/api/faturas/liberar). */
export const amostrasAlcadas = (ctx: ContextoAmostras): Amostras => {
  const db = () => ctx.harness().bancos.COLACRIL.db;
  let sequencia = 0;
  /** A fatura of one invented line, read straight into the database and set BLOQUEADA with its line unblocked (difference 0: any level's limit covers it). */
  const bloqueada = async () => {
    const numero = String(8_000_000 + (Date.now() % 100_000) * 10 + (++sequencia % 10)).slice(0, 10);
    const bytes = new TextEncoder().encode(escreverDoccob([faturaDoccob({ numero, cnpj: '12345678000195', linhas: [{ numero: '999999998' }] })]));
    const r = await lerArquivoDoccob(db(), 'amostra-liberar.txt', bytes);
    if (r.tipo !== 'LIDA') throw new Error(`amostra de fatura: ${JSON.stringify(r)}`);
    await db().update(faturaCte).set({ bloqueios: [] }).where(eq(faturaCte.faturaId, r.faturaId));
    const [f] = await db().update(fatura).set({ situacaoPagamento: 'BLOQUEADA', bloqueios: ['VENCIMENTO_CURTO'] }).where(eq(fatura.id, r.faturaId)).returning({ versao: fatura.versao });
    return { id: r.faturaId, versao: f.versao };
  };
  return {
    'GET /api/alcadas': async () => ({ path: '/api/alcadas' }),
    'POST /api/alcadas': async () => ({ path: '/api/alcadas', body: { niveis: [], usuarios: [], versao: (await ctx.obter('/api/alcadas')).versao } }),
    'GET /api/alcadas/minha': async () => ({ path: '/api/alcadas/minha' }),
    'POST /api/auditorias-cte/encaminhar': async () => {
      const [c] = await db()
        .select({ id: cte.id })
        .from(cte)
        .innerJoin(cteAuditoria, eq(cteAuditoria.cteId, cte.id))
        .where(and(eq(cte.status, 'AUDITADO_FALHA'), isNotNull(cteAuditoria.valorCobrado)))
        .orderBy(asc(cte.id))
        .limit(1);
      if (!c) throw new Error('A semente de demonstração não tem CT-e AUDITADO_FALHA auditado.');
      return { path: '/api/auditorias-cte/encaminhar', body: { ctes: [c.id], motivo: 'Amostra de permissão.' } };
    },
    'POST /api/faturas/liberar': async () => ({ path: '/api/faturas/liberar', body: { ...(await bloqueada()), motivo: 'Amostra de permissão.' } }),
  };
};
