import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditoriaCte, ResultadoLote } from '../../src/contracts/ctes';
import type { FaturaCompleta, FretesFatura } from '../../src/contracts/faturas';
import { MOTIVO_CTE_ANULACAO, mensagemAcessorioSemOcorrencia, mensagemAuditoriaAnulacao, mensagemComplementoSemOriginal, motivoAnulado, motivoSubstituido } from '../../src/contracts/ocorrencias';
import { cancelarCte } from '../../src/server/ingest/cancelar-cte';
import { cte } from '../../src/server/db/schema/cte';
import { faturaCte } from '../../src/server/db/schema/fatura';
import { resumosConferencia } from '../../src/server/faturas/conferencia-fatura';
import { corpoTabelaAvila } from './auditoria-dados';
import { novaOcorrencia, novoCteAcessorio, type CteAcessorio } from './auditoria-acessorios-dados';
import { ctesPorId, obter } from './faturas-dados';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';
import { lerFatura, situacao } from './pagamento-dados';
import { criarDadosTabelas, type DadosTabelas } from './tabelas-frete-dados';

// Issue 31 (task C): CT-es that refer to another. A complement (tpCTe 1) is audited against its original: the
// difference still owed, or an accessorial an occurrence justifies, whichever is closer to what it charges. An
// anulação (2) is not audited; the CT-e it annuls, and the one a substitute (3) replaces, leave the payable set: the
// fatura check and the payment rules (CTE_CANCELADO_COBRADO) say so.
// Ávila with a Reentrega element at 50 % (see auditoria-acessorios.test.ts): 133,64 for 200 kg; the re-delivery
// alone over that freight: 60,00 / 0,88 = 68,18.

let h: Harness;
let token: string;
let d: DadosTabelas;
const db = () => h.bancos.COLACRIL.db;
const novo = (o: CteAcessorio) => novoCteAcessorio(db(), d, o);

const auditar = async (ids: number[]) => {
  const r = await h.request('POST', '/api/auditorias-cte/auditar', { token, body: { ctes: ids } });
  expect(r.status, await r.clone().text()).toBe(200);
  return json<ResultadoLote>(r);
};
const auditoria = async (id: number): Promise<AuditoriaCte> => (await json(await h.request('GET', `/api/auditorias-cte?search=cte.id==${id}`, { token }))).content[0];
const auditado = async (id: number) => {
  expect((await auditar([id])).processados).toBe(1);
  return auditoria(id);
};
/** A CT-e audited with success at exactly what it charges: a fatura line of it passes every rule. */
const pagavel = (o: Partial<CteAcessorio> = {}) => novo({ cobrado: '133.64', status: 'AUDITADO_SUCESSO', valorAuditoria: '133.64', ...o });
const faturar = async (...ids: number[]) => lerFatura(h, (await ctesPorId(db(), ids)).map((c) => ({ cte: c })));
const linhas = async (faturaId: number) => (await obter<FretesFatura>(h, token, `/api/faturas/${faturaId}/ctes?size=300`)).content;
const bloqueiosDasLinhas = async (faturaId: number) =>
  (await db().select({ bloqueios: faturaCte.bloqueios }).from(faturaCte).where(eq(faturaCte.faturaId, faturaId)).orderBy(asc(faturaCte.linha))).map((l) => l.bloqueios);

beforeAll(async () => {
  h = await createHarness();
  token = await h.login('admin', SENHA_ADMIN_TESTE);
  d = await criarDadosTabelas(h);
  const corpo = corpoTabelaAvila(d);
  const r = await h.request('POST', '/api/tabelas-frete', {
    token,
    body: { ...corpo, elementosCusto: [...corpo.elementosCusto, { descricao: 'Reentrega', modalidade: 'FIXO', evento: 'REENTREGA', percentualFrete: '50' }] },
  });
  expect(r.status, await r.clone().text()).toBe(201);
});
afterAll(() => h?.close());

describe('a complementary CT-e (tpCTe 1)', () => {
  it('the difference still owed on its original: its expected (last audit) − charged − its other complements', async () => {
    // The original's last audit expected 150,00; it charged 133,64: 16,36 owed.
    const original = await novo({ cobrado: '133.64', status: 'AUDITADO_OBSERVACOES', valorAuditoria: '150.00' });
    const ref = { id: original.id, chave: original.chave };
    const primeiro = await novo({ cobrado: '16.36', componentes: ['COMPLEMENTO DE FRETE'], tipoCte: 1, referenciado: ref, peso: null });
    const a = await auditado(primeiro.id);
    expect(a).toMatchObject({ status: 'SUCESSO', valorTotal: '16.36', mensagens: [] });
    expect(a.elementosCusto).toEqual([{ descricao: 'Diferença devida do CT-e original', valor: '16.36', tipo: 'ELEMENTO', nivel: null }]);
    expect(a.traco).toContain(`Diferença devida do CT-e original ${original.numero}: esperado R$ 150,00 (valor esperado da sua última auditoria) − cobrado R$ 133,64 = R$ 16,36.`);
    expect(a.traco).toContain('Escolhido o mais próximo do valor cobrado: diferença devida (R$ 16,36).');

    // A second complement charging a re-delivery that an occurrence of the original justifies: 68,18, not the 0,00 still owed.
    await novaOcorrencia(db(), original.chave);
    const segundo = await novo({ cobrado: '68.18', componentes: ['REENTREGA'], tipoCte: 1, referenciado: ref, peso: null });
    const b = await auditado(segundo.id);
    expect(b).toMatchObject({ status: 'SUCESSO', valorTotal: '68.18', mensagens: [] });
    expect(b.traco).toContain(`Diferença devida do CT-e original ${original.numero}: esperado R$ 150,00 (valor esperado da sua última auditoria) − cobrado R$ 133,64 − 1 outro(s) complemento(s) R$ 16,36 = R$ 0,00.`);
    expect(b.traco).toContain('Reentrega justificada pela ocorrência 24 "Mercadoria reentregue ao cliente destino" de 05/11/2026 14:30 (OCOREN_1105.txt, linha 3), do CT-e original.');
    expect(b.traco).toContain('Candidatos ao valor esperado do complemento (cobrado R$ 68,18): diferença devida R$ 0,00; Reentrega sobre o frete do CT-e original R$ 68,18.');

    // Components naming nothing: the table's accessorial an occurrence justifies is a candidate all the same.
    const terceiro = await novo({ cobrado: '68.20', componentes: ['COMPLEMENTO'], tipoCte: 1, referenciado: ref, peso: null });
    expect(await auditado(terceiro.id)).toMatchObject({ status: 'SUCESSO', valorTotal: '68.18' });
  });

  it('an original never audited: its freight computed now; an approved value wins over the audit', async () => {
    const original = await novo({ cobrado: '120.00' });
    const c = await novo({ cobrado: '13.64', componentes: ['FRETE'], tipoCte: 1, referenciado: { id: original.id, chave: original.chave }, peso: null });
    const a = await auditado(c.id);
    expect(a).toMatchObject({ status: 'SUCESSO', valorTotal: '13.64' });
    expect(a.traco).toContain(`Diferença devida do CT-e original ${original.numero}: esperado R$ 133,64 (frete calculado agora com os dados do CT-e original) − cobrado R$ 120,00 = R$ 13,64.`);

    const aprovado = await novo({ cobrado: '120.00', status: 'AUDITADO_REVISADO', valorAuditoria: '133.64', valorCorreto: '125.00' });
    const c2 = await novo({ cobrado: '13.64', tipoCte: 1, referenciado: { id: aprovado.id, chave: aprovado.chave }, peso: null });
    // 125,00 − 120,00 = 5,00 owed: charged 13,64 is an overcharge.
    expect(await auditado(c2.id)).toMatchObject({ status: 'FALHA', valorTotal: '5.00', diferenca: '8.64' });
  });

  it('a re-delivery no occurrence justifies is not a candidate, and the complement fails with the message', async () => {
    const original = await novo({ cobrado: '133.64', status: 'AUDITADO_SUCESSO', valorAuditoria: '133.64' });
    const c = await novo({ cobrado: '68.18', componentes: ['REENTREGA'], tipoCte: 1, referenciado: { id: original.id, chave: original.chave }, peso: null });
    expect(await auditado(c.id)).toMatchObject({ status: 'FALHA', valorTotal: '0.00', mensagens: [mensagemAcessorioSemOcorrencia('REENTREGA')] });
  });

  it('its original not stored: ERRO naming the key', async () => {
    const chave = '35170511222333000181570010009999991000000001';
    const c = await novo({ cobrado: '10.00', tipoCte: 1, referenciado: { id: null, chave } });
    expect(await auditado(c.id)).toMatchObject({ status: 'ERRO', valorTotal: null, mensagens: [mensagemComplementoSemOriginal(chave)] });
  });
});

describe('an anulação (tpCTe 2) and a substitute (tpCTe 3)', () => {
  it('the anulação is not audited: skipped with the reason', async () => {
    const anulado = await pagavel();
    const anulacao = await novo({ cobrado: '133.64', tipoCte: 2, referenciado: { id: anulado.id, chave: anulado.chave } });
    const r = await auditar([anulacao.id]);
    expect(r).toMatchObject({ processados: 0, ignorados: [{ id: anulacao.id, numero: anulacao.numero, motivo: mensagemAuditoriaAnulacao(anulado.numero) }] });
    expect(mensagemAuditoriaAnulacao(anulado.numero)).toBe(`CT-e de anulação: não há frete a pagar; o CT-e ${anulado.numero} anulado deixa de ser pagável.`);
    const [{ status }] = await db().select({ status: cte.status }).from(cte).where(eq(cte.id, anulacao.id));
    expect(status).toBe('PROCESSADO');
  });

  it('a fatura billing the substituted CT-e and its substitute: the original is a divergence, blocked, not paid', async () => {
    const original = await pagavel();
    const substituto = await pagavel({ tipoCte: 3, referenciado: { id: original.id, chave: original.chave } });
    const fatura = await faturar(original.id, substituto.id);
    const [lo, ls] = await linhas(fatura);
    expect(lo).toMatchObject({ cteId: original.id, situacao: 'AUDITADO', divergente: true, motivos: [motivoSubstituido(substituto.numero)] });
    expect(ls).toMatchObject({ cteId: substituto.id, divergente: false, motivos: [] });
    const completa = await obter<FaturaCompleta>(h, token, `/api/faturas/${fatura}`);
    expect(completa.conferencia).toMatchObject({ conferida: false, divergencias: 1, valorAPagar: '133.64' });
    expect((await resumosConferencia(db(), [fatura])).get(fatura)).toEqual({ conferida: false, divergencias: 1 });
    expect(await bloqueiosDasLinhas(fatura)).toEqual([['CTE_CANCELADO_COBRADO'], []]);
    expect(await situacao(db(), fatura)).toMatchObject({ situacao: 'BLOQUEADA', bloqueios: ['CTE_CANCELADO_COBRADO'] });

    // A substitute billed alone is paid.
    const outro = await pagavel();
    const so = await faturar((await pagavel({ tipoCte: 3, referenciado: { id: outro.id, chave: outro.chave } })).id);
    expect((await linhas(so))[0]).toMatchObject({ divergente: false });
    expect(await situacao(db(), so)).toMatchObject({ situacao: 'LIBERADA', bloqueios: [] });
  });

  it('annulled, an anulação billed, a cancelled substitute: each as it should be', async () => {
    const anulado = await pagavel();
    const anulacao = await pagavel({ tipoCte: 2, referenciado: { id: anulado.id, chave: anulado.chave } });
    const livre = await pagavel();
    await pagavel({ tipoCte: 3, referenciado: { id: livre.id, chave: livre.chave }, status: 'CANCELADO' });
    const fatura = await faturar(anulado.id, anulacao.id, livre.id);
    expect((await linhas(fatura)).map((l) => [l.divergente, l.motivos])).toEqual([
      [true, [motivoAnulado(anulacao.numero)]],
      [true, [MOTIVO_CTE_ANULACAO]],
      [false, []],
    ]);
    expect(await bloqueiosDasLinhas(fatura)).toEqual([['CTE_CANCELADO_COBRADO'], ['CTE_CANCELADO_COBRADO'], []]);
  });

  it('a substitute audited after the fatura was read: the faturas billing its original are reconferred', async () => {
    const original = await pagavel();
    const fatura = await faturar(original.id);
    expect(await situacao(db(), fatura)).toMatchObject({ situacao: 'LIBERADA' });
    const substituto = await novo({ cobrado: '133.64', tipoCte: 3, referenciado: { id: original.id, chave: original.chave } });
    expect(await auditado(substituto.id)).toMatchObject({ status: 'SUCESSO' });
    expect(await situacao(db(), fatura)).toMatchObject({ situacao: 'BLOQUEADA', bloqueios: ['CTE_CANCELADO_COBRADO'] });
    // The trigger's link both ways: the substitute names its original's id.
    const [s] = await db().select({ ref: cte.cteReferenciadoId }).from(cte).where(inArray(cte.id, [substituto.id]));
    expect(s.ref).toBe(original.id);
  });

  it('a substitute cancelled afterwards gives its original back to the payable set: the faturas billing it are reconferred', async () => {
    const original = await pagavel();
    const substituto = await pagavel({ tipoCte: 3, referenciado: { id: original.id, chave: original.chave } });
    const fatura = await faturar(original.id);
    expect(await situacao(db(), fatura)).toMatchObject({ situacao: 'BLOQUEADA', bloqueios: ['CTE_CANCELADO_COBRADO'] });
    await db().transaction((tx) => cancelarCte(tx, substituto.chave, { dataCancelamento: new Date('2017-05-11T10:00:00-03:00'), motivoCancelamento: 'Emitido por engano' }));
    expect(await situacao(db(), fatura)).toMatchObject({ situacao: 'LIBERADA', bloqueios: [] });
  });
});
