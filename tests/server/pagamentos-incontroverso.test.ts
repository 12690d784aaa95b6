import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensagemTransicaoPagamento } from '../../machines/fatura-pagamento';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import {
  MSG_BLOQUEIOS_ALEM_CONTESTACAO,
  MSG_INCONTROVERSO_DESLIGADO,
  REGRAS_PAGAMENTO_PADRAO,
  type DesempenhoTransportadora,
  type ResultadoAcaoPagamento,
} from '../../src/contracts/pagamentos';
import { linhas as linhasDe } from '../../src/server/db/linhas';
import { configuracao } from '../../src/server/db/schema/configuracao';
import { fatura } from '../../src/server/db/schema/fatura';
import { ctesPorId, obter, type CteDemo } from './faturas-dados';
import { createHarness, json, type Harness } from './harness';
import { bloquearLinha, criarContestacao, criarFatura } from './pagamentos-dados';

// POST /pagamentos/liberar-incontroverso (allowed, refused, rules off, stale) and GET /pagamentos/desempenho on a
// small hand-built set. The undisputed lines bill demo CT-es no fatura bills, at their audited value, so the
// recompute (called by the release) finds nothing else to block.

let h: Harness;
let executor: string;
let usuarioId: number;
const db = () => h.bancos.COLACRIL.db;
const post = (path: string, body: unknown) => h.request('POST', `/api/pagamentos${path}`, { token: executor, body });

/** `n` audited demo CT-es no fatura bills, audited at exactly what they charge, with their audited value. */
async function ctesLivres(n: number): Promise<(CteDemo & { auditado: string })[]> {
  const livres = linhasDe<{ id: number; auditado: string }>(
    await db().execute(sql`
      select c.id, c.valor_auditoria::text as auditado from cte c
      where c.status = 'AUDITADO_SUCESSO' and c.valor_auditoria is not null
        -- billed at its audited value, the line must not diverge from what the CT-e charged (SUCESSO allows cents of tolerance)
        and c.valor_auditoria = c.valor_total
        and not exists (select 1 from fatura_cte fc where fc.cte_id = c.id)
        and not exists (select 1 from pre_fatura_cte p where p.cte_id = c.id)
      order by c.id desc limit ${n}`),
  );
  const ctes = await ctesPorId(db(), livres.map((l) => l.id));
  return ctes.map((c) => ({ ...c, auditado: livres.find((l) => l.id === c.id)!.auditado }));
}

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  executor = await h.tokenCom(['FRETE_PAG_M', 'FRETE_PAG_E'], 'GERENTE');
  usuarioId = (await db().execute(sql`select id from usuario where login = 'admin'`).then((r) => linhasDe<{ id: number }>(r)))[0].id;
});
afterAll(() => h.close());

describe('POST /pagamentos/liberar-incontroverso', () => {
  const CNPJ = '66777888000136';
  let livres: Awaited<ReturnType<typeof ctesLivres>>;
  beforeAll(async () => {
    livres = await ctesLivres(6);
  });

  /** A BLOQUEADA fatura: line 1 (invented CT-e) blocked as DIVERGENCIA_ABERTA under a dispute of `status`; line 2 a clean audited CT-e. */
  async function bloqueadaPorDisputa(status: 'ABERTA' | 'ENVIADA' | 'ACEITA', cteLivre: CteDemo & { auditado: string }, extra: { bloqueios?: string[] } = {}) {
    const f = await criarFatura(db(), {
      cnpj: CNPJ,
      vencimento: '2099-12-31',
      situacao: 'BLOQUEADA',
      linhas: [{ valorFrete: '50.00' }, { cte: cteLivre, valorFrete: cteLivre.auditado }],
      bloqueios: extra.bloqueios ?? ['DIVERGENCIA_ABERTA'],
    });
    await bloquearLinha(db(), f.linhas[0], ['DIVERGENCIA_ABERTA']);
    await criarContestacao(db(), { cnpj: CNPJ, status, linhas: [f.linhas[0]], valor: '50.00', aceito: status === 'ACEITA' ? '50.00' : undefined, usuarioId });
    return f;
  }

  it('releases a fatura whose only blocks are lines under an open dispute, for the undisputed amount', async () => {
    const f = await bloqueadaPorDisputa('ENVIADA', livres[0]);
    const velha = await post('/liberar-incontroverso', { faturas: [{ id: f.id, versao: f.versao + 1 }] });
    expect(velha.status).toBe(409);
    expect(await json(velha)).toEqual({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] });

    const r = await post('/liberar-incontroverso', { faturas: [{ id: f.id, versao: f.versao }] });
    expect(r.status, await r.clone().text()).toBe(200);
    const corpo = await json<ResultadoAcaoPagamento>(r);
    expect(corpo.mensagens).toEqual(['1 fatura(s) liberada(s) pelo valor incontroverso.']);
    expect(corpo.faturas).toEqual([{ id: f.id, versao: expect.any(Number), situacaoPagamento: 'LIBERADA' }]);
    expect(corpo.faturas[0].versao).toBeGreaterThan(f.versao);
    const [gravada] = await db().select({ s: fatura.situacaoPagamento, inc: fatura.pagarIncontroverso }).from(fatura).where(eq(fatura.id, f.id));
    expect(gravada).toEqual({ s: 'LIBERADA', inc: true });

    // Released: the machine takes LIBERAR_INCONTROVERSO only from BLOQUEADA.
    const deNovo = await post('/liberar-incontroverso', { faturas: [{ id: f.id, versao: corpo.faturas[0].versao }] });
    expect(deNovo.status).toBe(409);
    expect(await json(deNovo)).toEqual({ mensagens: [mensagemTransicaoPagamento('LIBERADA', 'LIBERAR_INCONTROVERSO', f.numero)] });
  });

  it('refuses blocks beyond open disputes: a blocked line without dispute, an answered dispute, a fatura-level block', async () => {
    const semDisputa = await bloqueadaPorDisputa('ABERTA', livres[1]);
    await bloquearLinha(db(), semDisputa.linhas[1], ['VALOR_ACIMA_AUDITADO']);
    const respondida = await bloqueadaPorDisputa('ACEITA', livres[2]);
    const vencimento = await bloqueadaPorDisputa('ABERTA', livres[3], { bloqueios: ['DIVERGENCIA_ABERTA', 'VENCIMENTO_CURTO'] });
    for (const f of [semDisputa, respondida, vencimento]) {
      const r = await post('/liberar-incontroverso', { faturas: [{ id: f.id, versao: f.versao }] });
      expect(r.status).toBe(409);
      expect(await json(r)).toEqual({ mensagens: [MSG_BLOQUEIOS_ALEM_CONTESTACAO] });
      const [gravada] = await db().select({ s: fatura.situacaoPagamento, inc: fatura.pagarIncontroverso, v: fatura.versao }).from(fatura).where(eq(fatura.id, f.id));
      expect(gravada).toEqual({ s: 'BLOQUEADA', inc: false, v: f.versao });
    }
  });

  it('refuses with 409 when the company rules do not allow paying the undisputed amount', async () => {
    const f = await bloqueadaPorDisputa('ABERTA', livres[4]);
    await db().update(configuracao).set({ regrasPagamento: { ...REGRAS_PAGAMENTO_PADRAO, pagarIncontroverso: false } });
    try {
      const r = await post('/liberar-incontroverso', { faturas: [{ id: f.id, versao: f.versao }] });
      expect(r.status).toBe(409);
      expect(await json(r)).toEqual({ mensagens: [MSG_INCONTROVERSO_DESLIGADO] });
    } finally {
      await db().update(configuracao).set({ regrasPagamento: null });
    }
    expect((await db().select({ s: fatura.situacaoPagamento }).from(fatura).where(eq(fatura.id, f.id)))[0].s).toBe('BLOQUEADA');
  });
});

describe('GET /pagamentos/desempenho', () => {
  const CNPJ = '77888999000127';
  it('per carrier and month: lines billed, % divergent, overcharged, recovered, average days to answer', async () => {
    const [c1, c2, c3] = await ctesLivres(9).then((l) => l.slice(6));
    const mais = (v: string, d: number) => (Number(v.replace('.', '')) + d * 100).toString().replace(/(\d\d)$/, '.$1').padStart(4, '0');
    const f = await criarFatura(db(), {
      cnpj: CNPJ,
      razaoSocial: 'Transportadora Desempenho',
      dataEmissao: '2031-03-05',
      linhas: [
        { cte: c1, valorFrete: mais(c1.auditado, 10) }, // 10.00 over: divergent
        { cte: c2, valorFrete: c2.auditado }, // as audited
        { numero: '999999001', valorFrete: '30.00' }, // not found: blocked
        { cte: c3, valorFrete: mais(c3.auditado, -5) }, // under: divergent, nothing overcharged
      ],
    });
    await bloquearLinha(db(), f.linhas[2], ['CTE_NAO_ENCONTRADO']);
    const dia = (iso: string) => new Date(iso);
    await criarContestacao(db(), { cnpj: CNPJ, status: 'ACEITA', linhas: [f.linhas[0]], valor: '10.00', aceito: '7.50', enviadaEm: dia('2031-03-07T15:00:00Z'), respondidaEm: dia('2031-03-10T15:00:00Z'), usuarioId });
    await criarContestacao(db(), { cnpj: CNPJ, status: 'PARCIAL', linhas: [], valor: '5.00', aceito: '2.50', enviadaEm: dia('2031-03-01T15:00:00Z'), respondidaEm: dia('2031-03-02T03:00:00Z'), usuarioId });
    // Answered in April (São Paulo: 01/04 00:30 is 03:30 UTC): outside March.
    await criarContestacao(db(), { cnpj: CNPJ, status: 'RECUSADA', linhas: [], valor: '5.00', aceito: '0', enviadaEm: dia('2031-03-20T15:00:00Z'), respondidaEm: dia('2031-04-01T03:30:00Z'), usuarioId });

    const linhas = await obter<DesempenhoTransportadora[]>(h, executor, '/api/pagamentos/desempenho?inicio=2031-03&fim=2031-03');
    expect(linhas.filter((l) => l.transportadoraCnpj === CNPJ)).toEqual([
      {
        transportadoraCnpj: CNPJ,
        transportadora: 'Transportadora Desempenho',
        mes: '2031-03',
        ctesCobrados: 4,
        percentualDivergente: '75.0',
        valorCobradoAMais: '10.00',
        valorRecuperado: '10.00',
        diasMediosResposta: '1.8',
      },
    ]);
    const abril = await obter<DesempenhoTransportadora[]>(h, executor, '/api/pagamentos/desempenho?inicio=2031-04&fim=2031-04');
    expect(abril.filter((l) => l.transportadoraCnpj === CNPJ)).toMatchObject([{ mes: '2031-04', ctesCobrados: 0, valorRecuperado: '0.00', diasMediosResposta: '11.5' }]);
  });

  it('answers bad months with 400 in Portuguese', async () => {
    const casos: [string, string][] = [
      ['inicio=2031-13&fim=2031-12', 'Mês inicial: informe AAAA-MM.'],
      ['inicio=2031-01&fim=2031-1', 'Mês final: informe AAAA-MM.'],
      ['inicio=2031-05&fim=2031-04', 'Período informado inválido, o mês final deve ser maior ou igual ao inicial.'],
    ];
    for (const [q, mensagem] of casos) {
      const r = await h.request('GET', `/api/pagamentos/desempenho?${q}`, { token: executor });
      expect(r.status, q).toBe(400);
      expect(await json(r), q).toEqual({ mensagens: [mensagem] });
    }
  });
});
