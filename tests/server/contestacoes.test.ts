import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGEM_VERSAO_OBSOLETA, type Page } from '../../src/contracts/common';
import {
  MSG_NADA_A_CONTESTAR,
  MSG_UMA_TRANSPORTADORA,
  MSG_VALOR_ACEITO_ACIMA,
  MSG_VALOR_ACEITO_PARCIAL,
  mensagemLinhaJaContestada,
  type Contestacao,
  type ContestacaoResumo,
  type EmailContestacao,
} from '../../src/contracts/contestacoes';
import { formatarDinheiro } from '../../src/domain/format-number-br';
import { cte, cteAuditoria } from '../../src/server/db/schema/cte';
import { fatura, faturaCte } from '../../src/server/db/schema/fatura';
import { contestacao } from '../../src/server/db/schema/pagamento';
import { abrir, agir, ctesAuditados, faturaDe, prepararContestacoes, type RefsContestacao } from './contestacoes-dados';
import type { CteDemo } from './faturas-dados';
import { json } from './harness';
import { lerPdf } from './romaneio-documentos-dados';

// POST /contestacoes (from CT-es, fatura lines, a whole fatura), its validations, the answer that settles the
// lines (accepted credit, the fatura's value to pay), the list's filters, the letter (PDF) and its e-mail text.

let refs: RefsContestacao;
beforeAll(async () => {
  refs = await prepararContestacoes();
});
afterAll(() => refs?.h.close());

const rotulo = (c: CteDemo) => `${c.serie}/${c.numero}`;
const oitenta = (c: CteDemo) => new Decimal(c.valorTotal).times(0.8).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const mais = (v: string, n: number) => new Decimal(v).plus(n).toFixed(2);
const post = (path: string, body: unknown) => refs.h.request('POST', path, { token: refs.token, body });
const obter = async <T>(path: string) => {
  const r = await refs.h.request('GET', path, { token: refs.token });
  expect(r.status, await r.clone().text()).toBe(200);
  return json<T>(r);
};
const linhasDaFatura = (id: number) => refs.db.select({ id: faturaCte.id, cteId: faturaCte.cteId }).from(faturaCte).where(eq(faturaCte.faturaId, id)).orderBy(faturaCte.linha);

describe('POST /contestacoes', () => {
  it('opens from CT-es: a billed one takes its fatura line and billed value, an unbilled one a line of its own', async () => {
    const [a, b] = await ctesAuditados(refs.db, 2);
    const faturaId = await faturaDe(refs.db, [{ cte: a, valorFrete: mais(a.valorTotal, 5) }]);
    const c = await abrir(refs, { ctes: [a.id, b.id], descricao: 'Frete acima da tabela' });
    expect(c).toMatchObject({ status: 'ABERTA', faturaId, transportadoraCnpj: a.emitente, valorAceito: null, versao: 0 });
    const [linhaA, linhaB] = [c.linhas.find((l) => l.cteId === a.id)!, c.linhas.find((l) => l.cteId === b.id)!];
    const [fc] = await linhasDaFatura(faturaId);
    expect(linhaA).toMatchObject({ faturaCteId: fc.id, cte: rotulo(a), valorCobrado: mais(a.valorTotal, 5), valorCorreto: oitenta(a).toFixed(2) });
    expect(linhaA.valorContestado).toBe(new Decimal(a.valorTotal).plus(5).minus(oitenta(a)).toFixed(2));
    expect(linhaB).toMatchObject({ faturaCteId: null, valorCobrado: new Decimal(b.valorTotal).toFixed(2), valorCorreto: oitenta(b).toFixed(2) });
    expect(c.valorContestado).toBe(new Decimal(linhaA.valorContestado).plus(linhaB.valorContestado).toFixed(2));
    // The next dispute takes the next número; the same CT-e again is refused while this one is open.
    const r = await post('/api/contestacoes', { ctes: [b.id], motivo: 'OUTRO' });
    expect(r.status).toBe(409);
    expect(await json(r)).toEqual({ mensagens: [mensagemLinhaJaContestada(rotulo(b), c.numero)] });
    const [d] = await ctesAuditados(refs.db, 1);
    expect((await abrir(refs, { ctes: [d.id] })).numero).toBe(c.numero + 1);
  });

  it('opens from fatura lines, and a motive refusing the whole charge disputes the whole billed value', async () => {
    const [a, b] = await ctesAuditados(refs.db, 2);
    const faturaId = await faturaDe(refs.db, [{ cte: a }, { cte: b }]);
    const [, segunda] = await linhasDaFatura(faturaId);
    const c = await abrir(refs, { linhas: [segunda.id], motivo: 'COBRADO_DUAS_VEZES' });
    expect(c.linhas).toEqual([expect.objectContaining({ faturaCteId: segunda.id, cteId: b.id, valorCorreto: '0.00', valorContestado: new Decimal(b.valorTotal).toFixed(2) })]);
    expect(c.faturaId).toBe(faturaId);
  });

  it('opens from a whole fatura: only its divergent lines; none gives 400', async () => {
    const [a, b] = await ctesAuditados(refs.db, 2);
    await refs.db.update(cte).set({ valorAuditoria: b.valorTotal }).where(eq(cte.id, b.id));
    const faturaId = await faturaDe(refs.db, [{ cte: a }, { cte: b }]);
    const c = await abrir(refs, { fatura: faturaId });
    expect(c.linhas.map((l) => l.cteId)).toEqual([a.id]);
    // Its divergent line is taken now: nothing left to dispute in that fatura.
    const r = await post('/api/contestacoes', { fatura: faturaId, motivo: 'VALOR_ACIMA_TABELA' });
    expect(r.status).toBe(400);
    expect(await json(r)).toEqual({ mensagens: [MSG_NADA_A_CONTESTAR] });
  });

  it('refuses two carriers, unknown ids, and a request naming both CT-es and a fatura', async () => {
    const [a] = await ctesAuditados(refs.db, 1);
    const [outro] = await ctesAuditados(refs.db, 1, a.emitente);
    const duas = await post('/api/contestacoes', { ctes: [a.id, outro.id], motivo: 'OUTRO' });
    expect(duas.status).toBe(400);
    expect(await json(duas)).toEqual({ mensagens: [MSG_UMA_TRANSPORTADORA] });
    expect((await post('/api/contestacoes', { ctes: [2_000_000_000], motivo: 'OUTRO' })).status).toBe(404);
    expect((await post('/api/contestacoes', { linhas: [2_000_000_000], motivo: 'OUTRO' })).status).toBe(404);
    expect((await post('/api/contestacoes', { ctes: [a.id], fatura: 1, motivo: 'OUTRO' })).status).toBe(400);
    expect((await post('/api/contestacoes', { ctes: [a.id], motivo: 'NENHUM' })).status).toBe(400);
  });
});

describe('the answer', () => {
  it('a partial total is spread in proportion (the sum exact) and the fatura pays billed − accepted credit', async () => {
    const ctes = await ctesAuditados(refs.db, 3);
    const faturaId = await faturaDe(refs.db, ctes.map((c) => ({ cte: c })));
    const c = await abrir(refs, { fatura: faturaId });
    expect(c.linhas).toHaveLength(3);
    expect((await agir(refs, c.id, 'enviar')).status).toBe(200);
    const semValor = await agir(refs, c.id, 'responder', { resultado: 'PARCIAL' });
    expect(await json(semValor)).toEqual({ mensagens: [MSG_VALOR_ACEITO_PARCIAL] });
    const acima = await agir(refs, c.id, 'responder', { resultado: 'PARCIAL', linhas: [{ id: c.linhas[0].id, valorAceito: mais(c.linhas[0].valorContestado, 0.01) }] });
    expect(acima.status).toBe(400);
    expect(await json(acima)).toEqual({ mensagens: [MSG_VALOR_ACEITO_ACIMA] });
    const velha = await post(`/api/contestacoes/${c.id}/responder`, { versao: c.versao, resultado: 'ACEITA' });
    expect(velha.status).toBe(409);
    expect(await json(velha)).toEqual({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] });

    const total = new Decimal(c.valorContestado).dividedBy(3).toDecimalPlaces(2, Decimal.ROUND_DOWN).plus('0.01');
    const r = await agir(refs, c.id, 'responder', { resultado: 'PARCIAL', valorAceito: total.toFixed(2), documentoCredito: 'NC 77' });
    expect(r.status, await r.clone().text()).toBe(200);
    const respondida = await json<Contestacao>(r);
    expect(respondida).toMatchObject({ status: 'PARCIAL', valorAceito: total.toFixed(2), documentoCredito: 'NC 77' });
    expect(respondida.respondidaEm).not.toBeNull();
    const aceitos = respondida.linhas.map((l) => new Decimal(l.valorAceito!));
    expect(aceitos.reduce((s, v) => s.plus(v), new Decimal(0)).toFixed(2)).toBe(total.toFixed(2));
    respondida.linhas.slice(0, 2).forEach((l, i) => {
      expect(aceitos[i].toFixed(2)).toBe(total.times(l.valorContestado).dividedBy(c.valorContestado).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
    });
    const cobrado = ctes.reduce((s, x) => s.plus(x.valorTotal), new Decimal(0));
    const [f] = await refs.db.select({ valorAPagar: fatura.valorAPagar }).from(fatura).where(eq(fatura.id, faturaId));
    expect(f.valorAPagar).toBe(cobrado.minus(total).toFixed(2));
  });

  it('ACEITA credits every disputed value, RECUSADA none', async () => {
    for (const [resultado, credito] of [['ACEITA', true], ['RECUSADA', false]] as const) {
      const [a] = await ctesAuditados(refs.db, 1);
      const c = await abrir(refs, { ctes: [a.id] });
      await agir(refs, c.id, 'enviar');
      const r = await json<Contestacao>(await agir(refs, c.id, 'responder', { resultado }));
      expect(r.linhas[0].valorAceito).toBe(credito ? c.linhas[0].valorContestado : '0.00');
      expect(r.valorAceito).toBe(credito ? c.valorContestado : '0.00');
    }
  });
});

describe('GET /contestacoes', () => {
  it('filters by status, carrier, fatura and overdue, newest first', async () => {
    const [a, b] = await ctesAuditados(refs.db, 2);
    const faturaId = await faturaDe(refs.db, [{ cte: a }]);
    const daFatura = await abrir(refs, { fatura: faturaId });
    const vencida = await abrir(refs, { ctes: [b.id] });
    await refs.db.update(contestacao).set({ prazo: '2020-01-01' }).where(eq(contestacao.id, vencida.id));
    const lista = (q: string) => obter<Page<ContestacaoResumo>>(`/api/contestacoes?${q}`);
    expect((await lista(`fatura=${faturaId}`)).content.map((c) => c.id)).toEqual([daFatura.id]);
    const vencidas = await lista('vencidas=true&size=200');
    expect(vencidas.content.map((c) => c.id)).toContain(vencida.id);
    expect(vencidas.content.every((c) => c.vencida)).toBe(true);
    expect(vencidas.content.map((c) => c.id)).not.toContain(daFatura.id);
    const doEmitente = await lista(`transportadora=${a.emitente}&status=ABERTA&size=200`);
    expect(doEmitente.content[0].id).toBe(vencida.id);
    expect(doEmitente.content.find((c) => c.id === daFatura.id)?.linhas).toBe(1);
    expect((await lista('status=ACEITA&size=200')).content.every((c) => c.status === 'ACEITA')).toBe(true);
    expect((await refs.h.request('GET', '/api/contestacoes?status=NENHUM', { token: refs.token })).status).toBe(400);
    expect((await refs.h.request('GET', '/api/contestacoes/2000000000', { token: refs.token })).status).toBe(404);
  });
});

describe('the letter', () => {
  it('the PDF and the e-mail name the CT-es, their values and the total; outside names stay text', async () => {
    const [a, b] = await ctesAuditados(refs.db, 2);
    // The current audit of `a` (the newest) gives its calculation lines; an older one is not printed.
    const elemento = (descricao: string) => ({ descricao, valor: '12.34', tipo: 'ELEMENTO' as const, nivel: 'TABELA' as const });
    await refs.db.insert(cteAuditoria).values({ cteId: a.id, status: 'SUCESSO', valorCobrado: a.valorTotal, valorTotal: '99.00', elementosCusto: [elemento('Elemento antigo')] });
    await refs.db.insert(cteAuditoria).values({ cteId: a.id, status: 'FALHA', valorCobrado: a.valorTotal, valorTotal: '12.34', elementosCusto: [elemento('Frete peso <i>x</i>')] });
    const c = await abrir(refs, { ctes: [a.id, b.id], descricao: '<b>Sem</b> {markup}' });
    const r = await refs.h.request('GET', `/api/contestacoes/${c.id}/carta`, { token: refs.token });
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Type')).toBe('application/pdf');
    const { texto } = lerPdf(Buffer.from(await r.arrayBuffer()));
    const brl = (v: string) => formatarDinheiro(v).replace(/\s+/g, ' ');
    expect(texto).toContain(`Contestação de frete nº ${c.numero}`);
    expect(texto).toContain('<b>Sem</b> {markup}');
    for (const l of c.linhas) for (const t of [l.cte, brl(l.valorCobrado), brl(l.valorCorreto), brl(l.valorContestado)]) expect(texto).toContain(t);
    expect(texto).toContain(`Total ${brl(c.valorContestado)}`);
    expect(texto).toContain(`Cálculo do CT-e ${rotulo(a)} Frete peso <i>x</i> ${brl('12.34')} Total pela tabela ${brl('12.34')}`);
    expect(texto).not.toContain('Elemento antigo');

    const email = await obter<EmailContestacao>(`/api/contestacoes/${c.id}/email`);
    expect(email.assunto).toContain(`nº ${c.numero}`);
    expect(email.corpo).toContain(`Total contestado: ${formatarDinheiro(c.valorContestado)}`);
    for (const l of c.linhas) expect(email.corpo).toContain(`CT-e ${l.cte}: cobrado ${formatarDinheiro(l.valorCobrado)}`);
    expect(email.corpo).toContain('<b>Sem</b> {markup}');
    expect(email.corpo).toContain(`Cálculo do CT-e ${rotulo(a)}:\n  Frete peso <i>x</i>: ${formatarDinheiro('12.34')}`);
  });
});
