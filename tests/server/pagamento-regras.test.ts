import Decimal from 'decimal.js';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGEM_VERSAO_OBSOLETA, type Page } from '../../src/contracts/common';
import type { StatusCte } from '../../src/contracts/cte-status';
import type { FaturaCompleta, FaturaLinha } from '../../src/contracts/faturas';
import { REGRAS, type RegraBloqueio } from '../../src/contracts/pagamentos';
import { mensagemTransicaoPagamento } from '../../machines/fatura-pagamento';
import type { Db } from '../../src/server/db/database';
import { cte } from '../../src/server/db/schema/cte';
import { fatura, faturaCte } from '../../src/server/db/schema/fatura';
import { recalcularSituacaoPagamento } from '../../src/server/pagamentos/recalcular-situacao';
import { ctesDemo, obter, type CteDemo } from './faturas-dados';
import { createHarness, json, type Harness } from './harness';
import { comRegra, contestar, lerFatura, salvarRegras, situacao } from './pagamento-dados';

// The payment situation (issue 29; docs/decisoes.md §36): each release rule blocks on its own and releases when
// fixed or switched off; the overrides (a person's release, the undisputed amount); a settled dispute; the
// cancel of an exported fatura; the list filter, the detail's reasons; the rules' endpoint.

let h: Harness;
let db: Db;
let livres: CteDemo[];
const proximo = () => livres.shift()!;

const comStatus = async (c: CteDemo, status: StatusCte) => {
  await db.update(cte).set({ status }).where(eq(cte.id, c.id));
  await recalcularSituacaoPagamento(db, { cteIds: [c.id] });
};
const linhaDe = async (faturaId: number) => (await db.select({ id: faturaCte.id }).from(faturaCte).where(eq(faturaCte.faturaId, faturaId)).orderBy(asc(faturaCte.linha)))[0].id;

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  db = h.bancos.COLACRIL.db;
  // Audited CT-es nobody billed, audited at exactly what they charge: a line of one passes every rule.
  livres = (await ctesDemo(db, 'AUDITADO_SUCESSO', 80)).filter((c) => c.numeroFatura === null).slice(0, 24);
  expect(livres.length).toBe(24);
  await db.update(cte).set({ valorAuditoria: sql`${cte.valorTotal}` }).where(inArray(cte.id, livres.map((c) => c.id)));
});
afterAll(() => h.close());

interface Caso {
  montar: () => Promise<{ id: number; consertar: () => Promise<void> }>;
  situacao?: 'BLOQUEADA' | 'EM_CONFERENCIA';
}

const CASOS: Record<RegraBloqueio, Caso> = {
  CTE_NAO_ENCONTRADO: {
    montar: async () => {
      const id = await lerFatura(h, [{ numero: '999999971', valorFrete: '10.00' }]);
      // Fixed: the line now matches a CT-e (as if its XML had been read).
      const c = proximo();
      return { id, consertar: async () => { await db.update(faturaCte).set({ cteId: c.id, valorFrete: c.valorTotal }).where(eq(faturaCte.faturaId, id)); await recalcularSituacaoPagamento(db, { faturaIds: [id] }); } };
    },
  },
  CTE_NAO_AUDITADO: {
    situacao: 'EM_CONFERENCIA',
    montar: async () => {
      const c = proximo();
      await db.update(cte).set({ status: 'PROCESSADO' }).where(eq(cte.id, c.id));
      return { id: await lerFatura(h, [{ cte: c }]), consertar: () => comStatus(c, 'AUDITADO_SUCESSO') };
    },
  },
  AUDITORIA_FALHA: {
    montar: async () => {
      const c = proximo();
      await db.update(cte).set({ status: 'AUDITADO_ERRO' }).where(eq(cte.id, c.id));
      return { id: await lerFatura(h, [{ cte: c }]), consertar: () => comStatus(c, 'AUDITADO_OBSERVACOES') };
    },
  },
  CTE_CANCELADO_COBRADO: {
    montar: async () => {
      const c = proximo();
      const id = await lerFatura(h, [{ cte: c }]);
      await comStatus(c, 'CANCELADO');
      return { id, consertar: () => comStatus(c, 'AUDITADO_SUCESSO') };
    },
  },
  CTE_JA_COBRADO: {
    montar: async () => {
      const c = proximo();
      const primeira = await lerFatura(h, [{ cte: c }]);
      const id = await lerFatura(h, [{ cte: c }]);
      // Fixed: the first fatura cancelled through the API (its hook reconfers the other faturas of the CT-e).
      const consertar = async () => {
        const [f] = await db.select({ versao: fatura.versao }).from(fatura).where(eq(fatura.id, primeira));
        const r = await h.request('POST', '/api/faturas/cancelar', { token: await h.adminToken(), body: { id: primeira, versao: f.versao } });
        expect(r.status).toBe(200);
        expect((await situacao(db, primeira)).situacao).toBe('CANCELADA');
      };
      return { id, consertar };
    },
  },
  VALOR_ACIMA_AUDITADO: {
    montar: async () => {
      const c = proximo();
      await db.update(cte).set({ valorAuditoria: new Decimal(c.valorTotal).minus('0.11').toFixed(2) }).where(eq(cte.id, c.id));
      const id = await lerFatura(h, [{ cte: c }]);
      return { id, consertar: async () => { await db.update(cte).set({ valorAuditoria: new Decimal(c.valorTotal).minus('0.10').toFixed(2) }).where(eq(cte.id, c.id)); await recalcularSituacaoPagamento(db, { cteIds: [c.id] }); } };
    },
  },
  DIVERGENCIA_ABERTA: {
    montar: async () => {
      const c = proximo();
      const id = await lerFatura(h, [{ cte: c, valorFrete: new Decimal(c.valorTotal).minus(1).toFixed(2) }]);
      return { id, consertar: async () => { await db.update(faturaCte).set({ valorFrete: c.valorTotal }).where(eq(faturaCte.faturaId, id)); await recalcularSituacaoPagamento(db, { faturaIds: [id] }); } };
    },
  },
  VENCIMENTO_CURTO: {
    montar: async () => {
      const id = await lerFatura(h, [{ cte: proximo() }], '2000-01-01');
      return { id, consertar: async () => { await db.update(fatura).set({ dataVencimento: '2999-12-31' }).where(eq(fatura.id, id)); await recalcularSituacaoPagamento(db, { faturaIds: [id] }); } };
    },
  },
};

describe('release rules', () => {
  it('a fatura whose lines all pass is LIBERADA, its value to pay the billed total', async () => {
    const [a, b] = [proximo(), proximo()];
    const id = await lerFatura(h, [{ cte: a }, { cte: b }]);
    const s = await situacao(db, id);
    expect(s).toMatchObject({ situacao: 'LIBERADA', bloqueios: [], valorAPagar: new Decimal(a.valorTotal).plus(b.valorTotal).toFixed(2) });
  });

  for (const [regra, caso] of Object.entries(CASOS) as [RegraBloqueio, Caso][]) {
    it(`${regra} blocks on its own, releases when switched off, and when fixed`, async () => {
      const { id, consertar } = await caso.montar();
      expect(await situacao(db, id)).toMatchObject({ situacao: caso.situacao ?? 'BLOQUEADA', bloqueios: [regra] });
      expect((await salvarRegras(h, comRegra(regra, false))).status).toBe(200);
      expect(await situacao(db, id)).toMatchObject({ situacao: 'LIBERADA', bloqueios: [] });
      expect((await salvarRegras(h, comRegra(regra, true))).status).toBe(200);
      expect((await situacao(db, id)).situacao).toBe(caso.situacao ?? 'BLOQUEADA');
      await consertar();
      expect(await situacao(db, id)).toMatchObject({ situacao: 'LIBERADA', bloqueios: [] });
    });
  }

  it('EM_CONFERENCIA only while not-audited lines are all that block; another block makes it BLOQUEADA; the version moves with the situation', async () => {
    const [a, b] = [proximo(), proximo()];
    await db.update(cte).set({ status: 'PROCESSADO' }).where(inArray(cte.id, [a.id, b.id]));
    const id = await lerFatura(h, [{ cte: a }, { cte: b }]);
    const antes = await situacao(db, id);
    expect(antes).toMatchObject({ situacao: 'EM_CONFERENCIA', bloqueios: ['CTE_NAO_AUDITADO'] });
    await recalcularSituacaoPagamento(db, { faturaIds: [id] });
    expect((await situacao(db, id)).versao).toBe(antes.versao);
    await comStatus(b, 'AUDITADO_FALHA');
    const depois = await situacao(db, id);
    expect(depois).toMatchObject({ situacao: 'BLOQUEADA', bloqueios: ['AUDITORIA_FALHA', 'CTE_NAO_AUDITADO'] });
    expect(depois.versao).toBe(antes.versao + 1);
  });
});

describe('disputes and overrides', () => {
  it('a line under an open dispute blocks; once answered it passes and its credit comes off the value to pay', async () => {
    const c = proximo();
    const faturado = new Decimal(c.valorTotal).plus(10).toFixed(2);
    const id = await lerFatura(h, [{ cte: c, valorFrete: faturado }]);
    const contestacao = await contestar(db, id, await linhaDe(id), '10.00');
    await recalcularSituacaoPagamento(db, { faturaIds: [id] });
    expect(await situacao(db, id)).toMatchObject({ situacao: 'BLOQUEADA', bloqueios: ['DIVERGENCIA_ABERTA', 'VALOR_ACIMA_AUDITADO'], valorContestado: '10.00' });
    await db.execute(sql`update contestacao set status = 'ACEITA', respondida_em = now() where id = ${contestacao}`);
    await db.execute(sql`update contestacao_linha set valor_aceito = 10 where contestacao_id = ${contestacao}`);
    await recalcularSituacaoPagamento(db, { faturaIds: [id] });
    expect(await situacao(db, id)).toMatchObject({ situacao: 'LIBERADA', bloqueios: [], valorContestado: '0.00', desconto: '10.00', valorAPagar: c.valorTotal });
  });

  it('pagar_incontroverso keeps it LIBERADA for the undisputed amount while only disputed lines block, and is undone by another block', async () => {
    const [a, b] = [proximo(), proximo()];
    const id = await lerFatura(h, [{ cte: a, valorFrete: new Decimal(a.valorTotal).plus(5).toFixed(2) }, { cte: b }]);
    await contestar(db, id, await linhaDe(id), '5.00');
    await db.update(fatura).set({ pagarIncontroverso: true }).where(eq(fatura.id, id));
    await recalcularSituacaoPagamento(db, { faturaIds: [id] });
    const total = new Decimal(a.valorTotal).plus(5).plus(b.valorTotal);
    expect(await situacao(db, id)).toMatchObject({ situacao: 'LIBERADA', incontroverso: true, valorContestado: '5.00', valorAPagar: total.minus(5).toFixed(2) });
    await comStatus(b, 'AUDITADO_FALHA');
    expect(await situacao(db, id)).toMatchObject({ situacao: 'BLOQUEADA', incontroverso: false, valorAPagar: total.toFixed(2) });
  });

  it('a fatura a person released (liberada_por_id) stays LIBERADA despite its blocks', async () => {
    const c = proximo();
    await db.update(cte).set({ status: 'AUDITADO_FALHA' }).where(eq(cte.id, c.id));
    const id = await lerFatura(h, [{ cte: c }]);
    expect((await situacao(db, id)).situacao).toBe('BLOQUEADA');
    const [u] = await db.execute(sql`select id from usuario order by id limit 1`).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    await db.update(fatura).set({ liberadaPorId: u.id }).where(eq(fatura.id, id));
    await recalcularSituacaoPagamento(db, { faturaIds: [id] });
    expect(await situacao(db, id)).toMatchObject({ situacao: 'LIBERADA', bloqueios: ['AUDITORIA_FALHA'] });
  });

  it('an exported fatura is not cancelled (409, the machine message) nor reconferred', async () => {
    const c = proximo();
    const id = await lerFatura(h, [{ cte: c }]);
    await db.update(fatura).set({ situacaoPagamento: 'EXPORTADA' }).where(eq(fatura.id, id));
    await comStatus(c, 'AUDITADO_FALHA');
    expect((await situacao(db, id)).situacao).toBe('EXPORTADA');
    const [f] = await db.select({ versao: fatura.versao, numero: fatura.numeroDocumento, status: fatura.status }).from(fatura).where(eq(fatura.id, id));
    const r = await h.request('POST', '/api/faturas/cancelar', { token: await h.adminToken(), body: { id, versao: f.versao } });
    expect(r.status).toBe(409);
    expect((await json(r)).mensagens).toEqual([mensagemTransicaoPagamento('EXPORTADA', 'CANCELAR', f.numero)]);
    const [depois] = await db.select({ status: fatura.status }).from(fatura).where(eq(fatura.id, id));
    expect(depois.status).toBe('PROCESSADO');
  });
});

describe('list, detail and the rules endpoint', () => {
  it('GET /faturas filters by situacaoPagamento; the detail names each blocked line with its reason and who unblocks', async () => {
    const [a, b] = [proximo(), proximo()];
    await db.update(cte).set({ status: 'AUDITADO_ERRO' }).where(eq(cte.id, b.id));
    const bloqueada = await lerFatura(h, [{ cte: a }, { cte: b }, { numero: '999999972', valorFrete: '3.00' }]);
    const liberada = await lerFatura(h, [{ cte: proximo() }]);
    const token = await h.adminToken();
    const ids = async (q: string) => (await obter<Page<FaturaLinha>>(h, token, `/api/faturas?inicio=2000-01-01&size=200&transportadora=12345678000195&${q}`)).content.map((f) => f.id);
    expect(await ids('situacaoPagamento=BLOQUEADA')).toContain(bloqueada);
    expect(await ids('situacaoPagamento=BLOQUEADA')).not.toContain(liberada);
    expect(await ids('situacaoPagamento=LIBERADA')).toContain(liberada);
    const ruim = await h.request('GET', '/api/faturas?situacaoPagamento=XYZ', { token });
    expect(ruim.status).toBe(400);
    expect(JSON.stringify(await json(ruim))).toContain('Situação de pagamento desconhecida.');
    const linha = (await obter<Page<FaturaLinha>>(h, token, `/api/faturas?inicio=2000-01-01&size=200&situacaoPagamento=BLOQUEADA&transportadora=12345678000195`)).content.find((f) => f.id === bloqueada)!;
    expect(linha.bloqueios.map((x) => x.regra)).toEqual(['AUDITORIA_FALHA', 'CTE_NAO_ENCONTRADO']);
    const detalhe = await obter<FaturaCompleta>(h, token, `/api/faturas/${bloqueada}`);
    expect(detalhe.situacaoPagamento).toBe('BLOQUEADA');
    expect(detalhe.bloqueios.map((x) => [x.regra, x.cte, x.motivo, x.quemDesbloqueia])).toEqual([
      ['AUDITORIA_FALHA', `${b.serie}/${b.numero}`, REGRAS.AUDITORIA_FALHA.motivo, REGRAS.AUDITORIA_FALHA.quemDesbloqueia],
      ['CTE_NAO_ENCONTRADO', '1/999999972', REGRAS.CTE_NAO_ENCONTRADO.motivo, REGRAS.CTE_NAO_ENCONTRADO.quemDesbloqueia],
    ]);
    expect(detalhe.bloqueios.every((x) => x.faturaCteId !== null)).toBe(true);
  });

  it('POST /regras-pagamento: a stale version is 409, bad input 400 in pt-BR, nothing saved', async () => {
    const token = await h.adminToken();
    const atuais = await json(await h.request('GET', '/api/regras-pagamento', { token }));
    const velha = await h.request('POST', '/api/regras-pagamento', { token, body: { ...atuais, versao: atuais.versao + 50 } });
    expect(velha.status).toBe(409);
    expect(JSON.stringify(await json(velha))).toContain(MENSAGEM_VERSAO_OBSOLETA);
    const ruim = await h.request('POST', '/api/regras-pagamento', { token, body: { ...atuais, prazoConferenciaDias: 61 } });
    expect(ruim.status).toBe(400);
    expect(JSON.stringify(await json(ruim))).toContain('Prazo da conferência: no máximo 60 dias.');
    expect(await json(await h.request('GET', '/api/regras-pagamento', { token }))).toEqual(atuais);
    const semPermissao = await h.request('POST', '/api/regras-pagamento', { token: await h.tokenCom(['FRETE_PAG_M']), body: atuais });
    expect(semPermissao.status).toBe(403);
  });
});
