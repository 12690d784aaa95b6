import { sql } from 'drizzle-orm';
import { resumoReleitura } from '../../src/contracts/ctes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import {
  DIAS_XML_MAXIMO,
  MSG_CLIENTE_DESCONHECIDO,
  TOLERANCIA_PERCENTUAL_PADRAO,
  TOLERANCIA_VALOR_PADRAO,
  configuracaoSchema,
  type Configuracao,
} from '../../src/contracts/configuracoes';
import { pastasXml } from '../../src/server/db/referencia/semear-configuracao';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';
import { PASTA_XML_TESTE } from './pasta-xml-teste';
import { agoraSql } from '../../src/server/db/agora-sql';

let h: Harness;
let token: string;
let clientes: { id: number; razaoSocial: string }[];

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.login('admin', SENHA_ADMIN_TESTE);
  await h.request('GET', '/api/clientes/atualizar', { token });
  clientes = (await json(await h.request('GET', '/api/clientes/listar-simples?size=5', { token }))).content.map((c: { id: number; vwCliente: { razaoSocial: string } }) => ({
    id: c.id,
    razaoSocial: c.vwCliente.razaoSocial,
  }));
});
afterAll(() => h?.close());

const ler = async () => configuracaoSchema.parse(await json(await h.request('GET', '/api/configuracoes/completar', { token })));
const corpo = (c: Configuracao, mudancas: Record<string, unknown> = {}) => ({
  integrarFaturamento: c.integrarFaturamento,
  toleranciaValor: c.toleranciaValor,
  toleranciaPercentual: c.toleranciaPercentual,
  entradas: c.entradas.map(({ id }) => ({ id })),
  tomadores: c.tomadores.map(({ id }) => ({ id })),
  versao: c.versao,
  ...mudancas,
});

describe('/configuracoes', () => {
  it('reads the seeded settings: folders, no CT-e date yet, tolerance defaults, empty lists', async () => {
    const c = await ler();
    expect(c).toMatchObject({
      // Seeded under XML_DIR (the tests': a path that never exists), one folder set per company.
      ...pastasXml(PASTA_XML_TESTE, 'COLACRIL'),
      dataEmissaoCte: null,
      integrarFaturamento: false,
      entradas: [],
      tomadores: [],
    });
    expect(Number(c.toleranciaValor)).toBe(Number(TOLERANCIA_VALOR_PADRAO));
    expect(Number(c.toleranciaPercentual)).toBe(Number(TOLERANCIA_PERCENTUAL_PADRAO));
  });

  it('saves the toggle, tolerance and both lists (replaced as a whole); stale versao 409', async () => {
    const c = await ler();
    const [a, b, d] = clientes;
    const r = await h.request('POST', '/api/configuracoes', {
      token,
      body: corpo(c, { integrarFaturamento: true, toleranciaValor: '0.50', toleranciaPercentual: '1.5', entradas: [{ id: a.id }, { id: b.id }, { id: a.id }], tomadores: [{ id: d.id }] }),
    });
    expect(r.status).toBe(200);
    const salvo = configuracaoSchema.parse(await json(r));
    expect(salvo).toMatchObject({ integrarFaturamento: true, toleranciaValor: '0.50', versao: c.versao + 1 });
    expect(Number(salvo.toleranciaPercentual)).toBe(1.5);
    expect(salvo.entradas.map((e) => e.id).sort()).toEqual([a.id, b.id].sort());
    expect(salvo.tomadores).toEqual([expect.objectContaining({ id: d.id, razaoSocial: d.razaoSocial })]);
    // The folders are read-only: extra keys are ignored, not stored.
    expect(salvo.enderecoEntrada).toBe(pastasXml(PASTA_XML_TESTE, 'COLACRIL').enderecoEntrada);

    const troca = await h.request('POST', '/api/configuracoes', { token, body: corpo(salvo, { entradas: [{ id: d.id }], tomadores: [] }) });
    expect(await json(troca)).toMatchObject({ entradas: [{ id: d.id }], tomadores: [] });

    const obsoleto = await h.request('POST', '/api/configuracoes', { token, body: corpo(salvo) });
    expect(obsoleto.status).toBe(409);
    expect(await json(obsoleto)).toEqual({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] });
  });

  it('refuses an unknown customer and bad tolerances with 400, changing nothing', async () => {
    const c = await ler();
    const antes = await h.snapshot();
    const casos: [Record<string, unknown>, string[]][] = [
      [{ entradas: [{ id: 999999 }] }, [MSG_CLIENTE_DESCONHECIDO]],
      [{ tomadores: [{ id: clientes[0].id }, { id: 999998 }] }, [MSG_CLIENTE_DESCONHECIDO]],
      [{ toleranciaValor: '-1' }, ['A tolerância em valor deve ser um valor em reais não negativo, com até 2 casas decimais.']],
      [{ toleranciaPercentual: '101' }, ['A tolerância percentual deve ser no máximo 100.']],
      [{ integrarFaturamento: 'sim' }, ['Integrar faturamento deve ser verdadeiro ou falso.']],
    ];
    for (const [mudanca, mensagens] of casos) {
      const r = await h.request('POST', '/api/configuracoes', { token, body: corpo(c, mudanca) });
      expect(r.status, JSON.stringify(mudanca)).toBe(400);
      expect(await json(r)).toEqual({ mensagens });
    }
    expect(await h.snapshot()).toBe(antes);
  });
});

describe('POST /ctes/carregar-xml-tabela', () => {
  it('validates dias (0 to 180), then reads again the stored XMLs of the demo CT-es read in that period', async () => {
    const lidosDesde = async (dias: number) => {
      const r = await h.bancos.COLACRIL.db.execute(
        sql`select count(*)::int as n from cte join cte_xml on cte_xml.cte_id = cte.id where cte.lido_em >= ${agoraSql()} - make_interval(days => ${dias})`,
      );
      return (r as unknown as { rows: { n: number }[] }).rows[0].n;
    };
    // The demo's CT-es were all read at the seed: move most back past the maximum and some between 30 and 180
    // days, so each period holds a different count (and the file re-reads ~90 XMLs, not all of them twice).
    await h.bancos.COLACRIL.db.execute(
      sql`update cte set lido_em = ${agoraSql()} - make_interval(days => case when id % 20 = 0 then 1 when id % 20 = 1 then 100 else 200 end)`,
    );
    const contagens: number[] = [];
    for (const dias of [0, 30, DIAS_XML_MAXIMO]) {
      const esperados = await lidosDesde(dias);
      contagens.push(esperados);
      const r = await h.request('POST', '/api/ctes/carregar-xml-tabela', { token, body: { dias } });
      expect(r.status).toBe(200);
      expect(await json(r)).toEqual({ relidos: esperados, erros: [], mensagens: [resumoReleitura(esperados, dias, 0)] });
    }
    expect(contagens[0]).toBeLessThan(contagens[1]);
    expect(contagens[1]).toBeLessThan(contagens[2]);
    for (const [dias, mensagem] of [
      [-1, 'A quantidade de dias deve ser no mínimo 0.'],
      [181, 'A quantidade de dias deve ser no máximo 180.'],
      ['x', 'A quantidade de dias deve ser um número.'],
    ] as const) {
      const r = await h.request('POST', '/api/ctes/carregar-xml-tabela', { token, body: { dias } });
      expect(r.status).toBe(400);
      expect(await json(r)).toEqual({ mensagens: [mensagem] });
    }
  });
});
