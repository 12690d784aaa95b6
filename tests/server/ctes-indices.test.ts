import { desc, sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cteListaQuerySchema, type CteListaQueryEntrada } from '../../src/contracts/ctes';
import { autocompletarPorChave, autocompletarPorNumero, ordemCtes } from '../../src/server/ctes/consultar-ctes';
import { filtroCtes, NUMERO_CTE_MAXIMO } from '../../src/server/ctes/filtro-ctes';
import { linhas } from '../../src/server/db/linhas';
import { prefixoNumeroSql } from '../../src/server/list/prefixo-numero';
import { inserirCte } from './ctes-dados';
import { consultaResumo } from '../../src/server/ctes/totais-ctes';
import { cte } from '../../src/server/db/schema/cte';
import { createHarness, type Harness } from './harness';
import { relogio } from '../../src/domain/relogio';

// Every filter of GET /ctes/listar-simples is served by an index (spec: millions of CT-es): with
// sequential scans priced out the planner must still find one, and (over a period as wide as the data)
// the filter's own index must be in the plan; the default query uses the payer+date one. The plan shape, not its timing, is checked.
let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  // Real statistics of the seeded demo CT-es, so the plans do not hang on default estimates.
  await h.bancos.COLACRIL.db.execute(sql`analyze cte`);
  await h.bancos.COLACRIL.db.execute(sql`analyze cte_nota`);
  await h.bancos.COLACRIL.db.execute(sql`analyze cte_resumo`);
});
afterAll(() => h.close());

const db = () => h.bancos.COLACRIL.db;

async function plano(consulta: SQLWrapper, semOrdenar = false): Promise<string> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    // An order no index gives costs a sort: priced out, the plan shows whether an index gives it.
    if (semOrdenar) await tx.execute(sql`set local enable_sort = off`);
    const r = (await tx.execute(sql`explain ${consulta}`)) as unknown as { rows: Record<string, string>[] };
    return r.rows.map((l) => Object.values(l)[0]).join('\n');
  });
}

const pagina = (q: CteListaQueryEntrada) =>
  db().select({ id: cte.id }).from(cte).where(filtroCtes(cteListaQuerySchema.parse(q))).orderBy(desc(cte.dataEmissao), desc(cte.id)).limit(50);

describe('indexes of the Fretes list', () => {
  const casos: [string, CteListaQueryEntrada, RegExp][] = [
    ['default (current month, REMETENTE)', { tomadorServico: 'REMETENTE' }, /cte_(tomador_emissao|emissao)_idx/],
    ['TODOS over a period', { tomadorServico: 'TODOS', dataIni: '2020-01-01', dataFim: '2020-01-31' }, /cte_emissao_idx/],
    ['status', { tomadorServico: 'TODOS', status: 'PROCESSADO' }, /cte_status_emissao_idx/],
    // Every AUDITADO_* is most of a mature base: the period's index is as good a choice as the status one.
    ['status AUDITADO (every AUDITADO_*)', { tomadorServico: 'TODOS', status: 'AUDITADO' }, /cte_(status_emissao|emissao)_idx/],
    ['invoice number', { numeroFatura: 'FAT-1' }, /cte_numero_fatura_idx/],
    ['exact key', { chave: '4'.repeat(44) }, /cte_chave_idx/],
    ['key prefix', { chave: '41171234567890123456' }, /cte_chave_idx/],
    ['CT-e number', { numeroCte: 123 }, /cte_numero_idx/],
    ['NF number (cte_nota)', { numeroNf: 123 }, /cte_nota_numero_idx/],
    ['order number (cte_nota)', { numeroPedido: 'P1' }, /cte_nota_pedido_idx/],
    ['grouping', { tomadorServico: 'TODOS', agrupamento: 'CANDIDATO' }, /cte_agrupamento_emissao_idx/],
    ['origin', { municipioOrigem: 4108304 }, /cte_origem_idx/],
    ['destination', { municipioDestino: 3523909 }, /cte_destino_idx/],
    ['carrier', { transportadora: 1 }, /cte_transportadora_emissao_idx/],
    ['customer', { cliente: 1 }, /cte_cliente_emissao_idx/],
  ];
  for (const [nome, q, indice] of casos)
    it(nome, async () => {
      const p = await plano(pagina({ dataIni: '2000-01-01', dataFim: '2099-12-31', tomadorServico: 'TODOS', ...q, ...(nome.startsWith('default') ? { dataIni: undefined, dataFim: undefined } : {}) }));
      expect(p).not.toContain('Seq Scan on cte');
      expect(p, p).toMatch(indice);
    });

  it('sorted by value, 200 a page (the default month and payer): cte_valor_idx gives the order, no sort of the month', async () => {
    const q = cteListaQuerySchema.parse({ size: 200, sort: 'valorTotal,desc' });
    const p = await plano(db().select({ id: cte.id }).from(cte).where(filtroCtes(q)).orderBy(...ordemCtes(q.sort)).limit(200), true);
    expect(p, p).toContain('cte_valor_idx');
    expect(p, p).not.toMatch(/Sort/);
  });

  it('the totals of the default filters read cte_resumo by its carrier-and-day index', async () => {
    for (const q of [{}, { tomadorServico: 'TODOS' }, { status: 'AUDITADO', transportadora: 1 }] as CteListaQueryEntrada[]) {
      const p = await plano(consultaResumo(db(), cteListaQuerySchema.parse(q), relogio.agora()));
      expect(p, p).not.toContain('Seq Scan');
      expect(p, p).toContain('cte_resumo_leitura_idx');
    }
  });

  it('the autocomplete: number prefix ranges by cte_numero_idx, key prefix walked backwards on cte_chave_idx (no sort of every match)', async () => {
    // Each of the 5 ranges of "12345" (12345, 123450–123459 … 123450000–123459999) walked backwards to its own 10.
    const porNumero = await plano(autocompletarPorNumero('12345')!);
    expect(porNumero, porNumero).not.toContain('Seq Scan on cte');
    expect(porNumero.match(/Index (Only )?Scan Backward using cte_numero_idx/g), porNumero).toHaveLength(5);
    expect(porNumero.match(/Limit/g), porNumero).toHaveLength(6);
    // "352": São Paulo's keys of the 2020s, nearly every CT-e; the index gives the order, the limit stops the walk.
    const porChave = await plano(autocompletarPorChave(db(), '352'), true);
    expect(porChave, porChave).toMatch(/Index (Only )?Scan Backward using cte_chave_idx/);
    expect(porChave, porChave).not.toMatch(/Sort/);
  });

  it('the autocomplete by number picks, range by range, the same 10 as one order over every match', async () => {
    // Numbers of prefix 7 in each range, the same number from two carriers (a tie on the number, broken by id).
    const numeros = [7, 7, 70, 71, 79, 79, 700, 701, 799, 7000, 7001, 7002, 7999, 70000, 79999, 79999, 700000, 7000000, 77777777, 799999999];
    for (const [i, numero] of numeros.entries())
      await inserirCte(db(), { numero, emitente: i % 2 ? '11222333000181' : '99888777000166', remetente: null, destinatario: null, dataEmissao: '2001-01-01T10:00:00-03:00' });
    // The reference: one OR over the prefix's ranges, sorted as a whole.
    const prefixoNumero = (digitos: string) => prefixoNumeroSql(cte.numero, digitos, NUMERO_CTE_MAXIMO);
    const ids = (q: SQLWrapper) => db().execute(q).then((r) => linhas<{ id: number }>(r).map((l) => Number(l.id)));
    for (const digitos of ['7', '79', '700', '7000', '79999', '799999999', '70000000', '8'])
      expect(await ids(autocompletarPorNumero(digitos)!), digitos).toEqual(
        await ids(db().select({ id: cte.id }).from(cte).where(prefixoNumero(digitos)).orderBy(sql`(${cte.numero} = ${Number(digitos)}) desc`, desc(cte.numero), desc(cte.id)).limit(10)),
      );
    // Numbers have no leading zeros: "07" is the prefix 7, "0" names no number (the key lookup still runs).
    expect(await ids(autocompletarPorNumero('07')!)).toEqual(await ids(autocompletarPorNumero('7')!));
    expect(autocompletarPorNumero('0')).toBeUndefined();
    expect(autocompletarPorNumero('1000000000')).toBeUndefined();
  });
});
