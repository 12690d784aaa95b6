import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensagemAlcadaInsuficiente, mensagemLiberacaoSoBloqueada, MSG_NENHUM_NIVEL_COBRE, MSG_SEM_ALCADA } from '../../src/contracts/alcadas';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import type { CteCompleto, ResultadoLote } from '../../src/contracts/ctes';
import { ROTULO_SITUACAO_PAGAMENTO } from '../../src/contracts/pagamentos';
import { cte, cteAuditoria } from '../../src/server/db/schema/cte';
import { fatura, faturaCte } from '../../src/server/db/schema/fatura';
import { aprovacao } from '../../src/server/db/schema/pagamento';
import { usuario } from '../../src/server/db/schema/usuario';
import { escreverDoccob } from '../../src/server/ingest/doccob/escrever-doccob';
import { lerArquivoDoccob } from '../../src/server/faturas/ler-arquivo-doccob';
import { ctesDemo, faturaDoccob, numeroTeste, type CteDemo } from './faturas-dados';
import { createHarness, json, type Harness } from './harness';

// Approvals within the approver's limit (issue 29; docs/decisoes.md §36): one CT-e above it answers 409 with the
// issue's message, a batch approves the others; forwarding to the level that covers the difference; the ledger
// (aprovacao); a person's release of a blocked fatura within their fatura limit.

let h: Harness;
let admin: string;
let gerente: string;
let diretor: string;
let representante: string;
let ctes: CteDemo[];
const db = () => h.bancos.COLACRIL.db;

/** The CT-e's current audit says `previsto`, the carrier charged `cobrado`. */
async function comDiferenca(id: number, cobrado: string, previsto: string) {
  await db().execute(sql`update cte_auditoria set valor_cobrado = ${cobrado}::numeric, valor_total = ${previsto}::numeric
    where id = (select max(id) from cte_auditoria where cte_id = ${id}::int)`);
}
const aprovar = (token: string, ids: number[]) => h.request('POST', '/api/auditorias-cte/aprovar', { token, body: { ctes: ids, base: 'AUDITORIA', observacoes: 'Conferido.' } });
const encaminhar = (token: string, ids: number[]) => h.request('POST', '/api/auditorias-cte/encaminhar', { token, body: { ctes: ids, motivo: 'Acima da minha alçada.' } });
const statusDe = async (id: number) => (await db().select({ status: cte.status }).from(cte).where(eq(cte.id, id)))[0].status;
const registros = (cteId: number) =>
  db()
    .select({ tipo: aprovacao.tipo, nivel: aprovacao.nivel, nivelDestino: aprovacao.nivelDestino, diferenca: aprovacao.diferenca, motivo: aprovacao.motivo, login: usuario.login })
    .from(aprovacao)
    .innerJoin(usuario, eq(usuario.id, aprovacao.usuarioId))
    .where(eq(aprovacao.cteId, cteId))
    .orderBy(asc(aprovacao.id));

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  admin = await h.adminToken();
  gerente = await h.tokenCom(['FRETE_CTE_E', 'FRETE_PAG_E'], 'GERENTE');
  diretor = await h.tokenCom(['FRETE_CTE_E'], 'DIRETOR');
  representante = await h.tokenCom(['FRETE_CTE_E'], 'REPRESENTANTE');
  ctes = await ctesDemo(db(), 'AUDITADO_FALHA', 6);
  expect(ctes.length).toBe(6);
  await db().update(cte).set({ aguardandoAprovacaoNivel: null }).where(sql`true`);
});
afterAll(() => h?.close());

describe('POST /auditorias-cte/aprovar within the limit', () => {
  it('a R$ 900 difference: refused for a GERENTE with the exact message (recorded), approved by a DIRETOR', async () => {
    const c = ctes[0];
    await comDiferenca(c.id, '1900.00', '1000.00');
    const r = await aprovar(gerente, [c.id]);
    expect([r.status, await json(r)]).toEqual([409, { mensagens: ['Sua alçada permite aprovar diferenças até R$ 500,00; encaminhe a um aprovador com alçada maior.'] }]);
    expect(await statusDe(c.id)).toBe('AUDITADO_FALHA');
    const ok = await aprovar(diretor, [c.id]);
    expect(ok.status).toBe(200);
    expect((await json<ResultadoLote>(ok)).processados).toBe(1);
    expect(await statusDe(c.id)).toBe('AUDITADO_REVISADO');
    const linhas = await registros(c.id);
    expect(linhas.map((l) => [l.tipo, l.nivel, l.diferenca, l.motivo])).toEqual([
      ['RECUSA', 'GERENTE', '900.00', 'Conferido.'],
      ['APROVACAO', 'DIRETOR', '900.00', 'Conferido.'],
    ]);
  });

  it('a level without a limit (representante) gets MSG_SEM_ALCADA; a zero difference passes any level', async () => {
    const [c, igual] = [ctes[1], ctes[2]];
    await comDiferenca(c.id, '10.01', '10.00');
    const r = await aprovar(representante, [c.id]);
    expect([r.status, await json(r)]).toEqual([409, { mensagens: [MSG_SEM_ALCADA] }]);
    await comDiferenca(igual.id, '10.00', '10.00');
    expect((await aprovar(representante, [igual.id])).status).toBe(200);
    expect(await statusDe(igual.id)).toBe('AUDITADO_REVISADO');
  });

  it('a batch approves the CT-es within the limit and lists those above in ignorados', async () => {
    const [abaixo, acima] = [ctes[3], ctes[4]];
    await comDiferenca(abaixo.id, '600.00', '100.00');
    await comDiferenca(acima.id, '100.00', '600.01');
    const r = await aprovar(gerente, [abaixo.id, acima.id]);
    expect(r.status).toBe(200);
    const msg = mensagemAlcadaInsuficiente('500,00');
    expect(await json(r)).toEqual({ processados: 1, ignorados: [{ id: acima.id, numero: acima.numero, motivo: msg }], mensagens: ['1 CT-e(s) aprovado(s).', msg] });
    expect([await statusDe(abaixo.id), await statusDe(acima.id)]).toEqual(['AUDITADO_REVISADO', 'AUDITADO_FALHA']);
    expect((await registros(acima.id)).map((l) => [l.tipo, l.diferenca])).toEqual([['RECUSA', '500.01']]);
  });
});

describe('POST /auditorias-cte/encaminhar', () => {
  it('waits for the lowest level covering the difference; the detail shows it and the approval clears it', async () => {
    const c = ctes[5];
    await comDiferenca(c.id, '1900.00', '1000.00');
    const r = await encaminhar(gerente, [c.id]);
    expect([r.status, await json(r)]).toEqual([200, { processados: 1, ignorados: [], mensagens: ['aguardando aprovação de Diretor'] }]);
    const detalhe = async () => json<CteCompleto>(await h.request('GET', `/api/ctes/${c.id}`, { token: admin }));
    const antes = await detalhe();
    expect(antes.aguardandoAprovacao).toBe('aguardando aprovação de Diretor');
    expect(antes.aprovacoes?.map((a) => [a.tipo, a.nivel, a.diferenca, a.motivo])).toEqual([['ENCAMINHAMENTO', 'GERENTE', '900.00', 'Acima da minha alçada.']]);
    expect((await registros(c.id))[0]).toMatchObject({ tipo: 'ENCAMINHAMENTO', nivelDestino: 'DIRETOR' });

    expect((await aprovar(diretor, [c.id])).status).toBe(200);
    const depois = await detalhe();
    expect(depois.aguardandoAprovacao).toBeNull();
    expect(depois.aprovacoes?.map((a) => a.tipo)).toEqual(['APROVACAO', 'ENCAMINHAMENTO']);
  });

  it('a R$ 300 difference goes to Gerente; none covering it, or a CT-e the machine refuses, answers 409', async () => {
    const [c] = await ctesDemo(db(), 'AUDITADO_FALHA', 1);
    await comDiferenca(c.id, '400.00', '100.00');
    expect(await json(await encaminhar(gerente, [c.id]))).toMatchObject({ mensagens: ['aguardando aprovação de Gerente'] });
    const revisado = ctes[0].id;
    const r = await encaminhar(gerente, [revisado]);
    expect(r.status).toBe(409);
    const { versao } = await json(await h.request('GET', '/api/alcadas', { token: admin }));
    const niveis = ['DIRETOR', 'ADMIN'].map((nivel) => ({ nivel, limiteCte: '100.00', limiteFatura: null }));
    expect((await h.request('POST', '/api/alcadas', { token: admin, body: { niveis, usuarios: [], versao } })).status).toBe(200);
    await comDiferenca(c.id, '10000.00', '100.00');
    const nenhum = await encaminhar(gerente, [c.id]);
    expect([nenhum.status, await json(nenhum)]).toEqual([409, { mensagens: [MSG_NENHUM_NIVEL_COBRE] }]);
  });
});

describe('POST /faturas/liberar', () => {
  /** A fatura of two invented lines (no CT-e: its billed value counts whole), the first blocked, set BLOQUEADA. */
  async function bloqueada(bloqueado: string, livre = '9000.00') {
    const bytes = new TextEncoder().encode(escreverDoccob([faturaDoccob({ numero: numeroTeste(), cnpj: '12345678000195', linhas: [{ numero: '81', valorFrete: bloqueado }, { numero: '82', valorFrete: livre }] })]));
    const r = await lerArquivoDoccob(db(), 'liberar.txt', bytes);
    if (r.tipo !== 'LIDA') throw new Error(JSON.stringify(r));
    const [primeira] = await db().select({ id: faturaCte.id }).from(faturaCte).where(eq(faturaCte.faturaId, r.faturaId)).orderBy(asc(faturaCte.linha)).limit(1);
    // The recompute blocked both (no CT-e found): only the first stays blocked, so the second must not count.
    await db().update(faturaCte).set({ bloqueios: [] }).where(eq(faturaCte.faturaId, r.faturaId));
    await db().update(faturaCte).set({ bloqueios: ['CTE_NAO_ENCONTRADO'] }).where(eq(faturaCte.id, primeira.id));
    const [f] = await db().update(fatura).set({ situacaoPagamento: 'BLOQUEADA', linhasBloqueadas: 1 }).where(eq(fatura.id, r.faturaId)).returning({ versao: fatura.versao, numero: fatura.numeroDocumento });
    return { id: r.faturaId, ...f };
  }
  const liberar = (token: string, body: object) => h.request('POST', '/api/faturas/liberar', { token, body: { motivo: 'Conferido com a transportadora.', ...body } });
  const ledger = (faturaId: number) =>
    db().select({ tipo: aprovacao.tipo, nivel: aprovacao.nivel, diferenca: aprovacao.diferenca }).from(aprovacao).where(and(eq(aprovacao.faturaId, faturaId))).orderBy(desc(aprovacao.id));

  it('within the limit (R$ 5.000,00 for a gerente, the blocked line only): released by the user, recorded', async () => {
    const f = await bloqueada('5000.00');
    const r = await liberar(gerente, { id: f.id, versao: f.versao });
    expect(r.status, await r.clone().text()).toBe(200);
    expect((await json(r)).id).toBe(f.id);
    const [depois] = await db().select({ liberadaPor: usuario.login, versao: fatura.versao, situacao: fatura.situacaoPagamento }).from(fatura).innerJoin(usuario, eq(usuario.id, fatura.liberadaPorId)).where(eq(fatura.id, f.id));
    expect(depois.versao).toBeGreaterThan(f.versao);
    expect(depois.liberadaPor).toMatch(/^teste/);
    // The recompute reads liberada_por_id as released.
    expect(depois.situacao).toBe('LIBERADA');
    expect(await ledger(f.id)).toEqual([{ tipo: 'LIBERACAO', nivel: 'GERENTE', diferenca: '5000.00' }]);
  });

  it('above the limit: 409 with the message, recorded as RECUSA, not released', async () => {
    const f = await bloqueada('5000.01');
    const r = await liberar(gerente, { id: f.id, versao: f.versao });
    expect([r.status, await json(r)]).toEqual([409, { mensagens: [mensagemAlcadaInsuficiente('5.000,00')] }]);
    const [depois] = await db().select({ liberadaPorId: fatura.liberadaPorId, situacao: fatura.situacaoPagamento }).from(fatura).where(eq(fatura.id, f.id));
    expect(depois).toEqual({ liberadaPorId: null, situacao: 'BLOQUEADA' });
    expect(await ledger(f.id)).toEqual([{ tipo: 'RECUSA', nivel: 'GERENTE', diferenca: '5000.01' }]);
  });

  it('a stale version, a fatura not blocked, an unknown id and bad input', async () => {
    const f = await bloqueada('1.00');
    const velha = await liberar(gerente, { id: f.id, versao: f.versao + 1 });
    expect([velha.status, await json(velha)]).toEqual([409, { mensagens: [MENSAGEM_VERSAO_OBSOLETA] }]);
    await db().update(fatura).set({ situacaoPagamento: 'EM_CONFERENCIA' }).where(eq(fatura.id, f.id));
    const livre = await liberar(gerente, { id: f.id, versao: f.versao });
    expect([livre.status, await json(livre)]).toEqual([409, { mensagens: [mensagemLiberacaoSoBloqueada(ROTULO_SITUACAO_PAGAMENTO.EM_CONFERENCIA, f.numero)] }]);
    expect((await liberar(gerente, { id: 99_999_999, versao: 0 })).status).toBe(404);
    const semMotivo = await liberar(gerente, { id: f.id, versao: f.versao, motivo: ' ' });
    expect([semMotivo.status, await json(semMotivo)]).toEqual([400, { mensagens: ['Informe o motivo da liberação.'] }]);
    expect(await ledger(f.id)).toEqual([]);
  });
});
