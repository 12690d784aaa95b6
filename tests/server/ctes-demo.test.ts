import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_CTE, type StatusCte } from '../../src/contracts/cte-status';
import type { Empresa } from '../../src/contracts/common';
import type { CteLido } from '../../src/contracts/cte-documento';
import { vereditoAuditoria } from '../../src/domain/auditoria/veredito-auditoria';
import { calcularFrete } from '../../src/domain/frete/calcular-frete';
import { Dec } from '../../src/domain/frete/decimal-exato';
import { cliente } from '../../src/server/db/schema/cliente';
import { configuracao } from '../../src/server/db/schema/configuracao';
import { cte, cteAuditoria, cteGrupo, cteNota, cteXml } from '../../src/server/db/schema/cte';
import { municipio } from '../../src/server/db/schema/municipio';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { dvChave } from '../../src/server/demo/ctes-demo/chave-acesso';
import { CANDIDATOS_DEMO, CTES_DEMO, GRUPOS_DEMO } from '../../src/server/demo/ctes-demo/constantes-demo';
import { seedCtesDemo } from '../../src/server/demo/semear-ctes-demo';
import { erpTabelas } from '../../src/server/erp/erp-tabelas';
import { lerCteXml } from '../../src/server/ingest/cte-xml';
import { carregarTabelasVigentes } from '../../src/server/tabelas-frete/carregar-tabelas-vigentes';
import { createHarness, type Harness } from './harness';
import { relogio } from '../../src/domain/relogio';

// The demo CT-es (docs/decisoes.md §32): every status, audits the engine agrees with, XMLs that read back, ERP notes.
let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
});
afterAll(() => h?.close());

const EMPRESAS = ['COLACRIL', 'RRE'] as const;
const linhas = <T>(r: unknown) => (r as { rows: T[] }).rows;
const dia = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

describe('demo CT-es', () => {
  it.each(EMPRESAS)('%s: the planned count in every status, one audit per audited CT-e', async (empresa) => {
    const { db } = h.bancos[empresa];
    const porStatus = await db.select({ status: cte.status, n: sql<number>`count(*)::int` }).from(cte).groupBy(cte.status);
    const contagem = Object.fromEntries(porStatus.map((l) => [l.status, l.n]));
    expect(contagem).toEqual(CTES_DEMO[empresa]);
    for (const s of STATUS_CTE) expect(contagem[s], s).toBeGreaterThan(0);

    const auditorias = await db
      .select({ cte: cte.status, auditoria: cteAuditoria.status, n: sql<number>`count(*)::int` })
      .from(cteAuditoria)
      .innerJoin(cte, eq(cte.id, cteAuditoria.cteId))
      .groupBy(cte.status, cteAuditoria.status);
    const esperado: Partial<Record<StatusCte, string>> = {
      AUDITADO_SUCESSO: 'SUCESSO',
      AUDITADO_OBSERVACOES: 'OBSERVACOES',
      AUDITADO_FALHA: 'FALHA',
      AUDITADO_ERRO: 'ERRO',
      AUDITADO_REVISADO: 'REVISADO',
    };
    expect(auditorias.map((a) => [a.cte, a.auditoria, a.n]).sort()).toEqual(
      Object.entries(esperado)
        .map(([s, a]) => [s, a, CTES_DEMO[empresa][s as StatusCte]])
        .sort(),
    );
  });

  it('audit rows agree with the columns, and approvals name a reviewer, an observation and the correct value', async () => {
    const { db } = h.bancos.COLACRIL;
    const todas = await db
      .select({ status: cte.status, valorAuditoria: cte.valorAuditoria, valorCorreto: cte.valorCorreto, valorTotal: cte.valorTotal, a: cteAuditoria })
      .from(cteAuditoria)
      .innerJoin(cte, eq(cte.id, cteAuditoria.cteId));
    for (const l of todas) {
      expect(l.a.valorCobrado).toBe(l.valorTotal);
      expect(l.valorAuditoria).toBe(l.a.valorTotal);
      if (l.status === 'AUDITADO_ERRO') {
        expect(l.a).toMatchObject({ valorTotal: null, diferenca: null, tolerancia: null, elementosCusto: [] });
        expect(l.a.mensagens.join(' ')).toMatch(/Nenhum percurso|Nenhuma tabela/);
      } else {
        expect(l.a.diferenca).toBe(new Dec(l.a.valorCobrado).minus(l.a.valorTotal!).toFixed(2));
        expect(l.a.elementosCusto.map((e) => e.descricao)).toEqual(expect.arrayContaining(['Frete peso', 'Despacho', 'ICMS']));
        expect(l.a.traco.length).toBeGreaterThan(3);
        expect(l.a.tabelaFreteId).not.toBeNull();
      }
      if (l.status === 'AUDITADO_REVISADO') {
        expect(l.a.responsavelId).not.toBeNull();
        expect(l.a.observacoes).toBeTruthy();
        expect(l.a.revisadoEm).not.toBeNull();
        expect([l.a.valorCobrado, l.a.valorTotal]).toContain(l.a.valorCorreto);
        expect(l.valorCorreto).toBe(l.a.valorCorreto);
      } else expect(l.valorCorreto).toBeNull();
    }
    // Overcharges on purpose: every FALHA charged more than the table plus tolerance.
    const falhas = todas.filter((l) => l.status === 'AUDITADO_FALHA');
    expect(falhas.every((l) => new Dec(l.a.diferenca!).gt(l.a.tolerancia!))).toBe(true);
  });

  it.each(EMPRESAS)('%s: auditing again with the engine and the verdict gives the stored result (a sample)', async (empresa) => {
    const { db } = h.bancos[empresa];
    const [tol] = await db.select({ valor: configuracao.toleranciaValor, percentual: configuracao.toleranciaPercentual }).from(configuracao);
    const amostra = await db
      .select({ c: cte, a: cteAuditoria })
      .from(cte)
      .innerJoin(cteAuditoria, eq(cteAuditoria.cteId, cte.id))
      .where(sql`${cte.id} % 7 = 0`)
      .limit(120);
    expect(new Set(amostra.map((l) => l.c.status)).size).toBe(5);
    for (const { c, a } of amostra) {
      // What a re-audit reads: the CT-e's columns, the registers sharing the customer's CPF/CNPJ, the tables of the day.
      const [registro] = await db.select({ doc: cliente.cpfCnpj }).from(cliente).where(eq(cliente.id, c.clienteId!));
      const clienteIds = (await db.select({ id: cliente.id }).from(cliente).where(eq(cliente.cpfCnpj, registro.doc!))).map((x) => x.id).sort((x, y) => x - y);
      const municipios = await db.select().from(municipio).where(inArray(municipio.codigo, [c.codigoMunicipioOrigem, c.codigoMunicipioDestino]));
      const m = (codigo: number) => municipios.find((x) => x.codigo === codigo)!;
      const dataDespacho = dia.format(c.dataEmissao);
      const [grupo] = await carregarTabelasVigentes(db, dataDespacho, c.transportadoraId!);
      const calculo = calcularFrete(grupo.transportadora, grupo.tabelas, {
        dataDespacho,
        clienteIds,
        valor: c.valorNotas!,
        peso: c.pesoBruto!,
        origem: m(c.codigoMunicipioOrigem),
        destino: m(c.codigoMunicipioDestino),
        tipoVeiculo: null,
        icms: new Dec(c.documento.icms!.aliquota!).div(100).toString(),
        distancia: null,
        entregas: 1,
      });
      const v = vereditoAuditoria(c.valorTotal, calculo, tol);
      const esperado = c.status === 'AUDITADO_REVISADO' ? 'FALHA' : c.status.replace('AUDITADO_', '');
      expect(v.resultado, `CT-e ${c.numero}`).toBe(esperado);
      expect({ valorTotal: a.valorTotal, diferenca: a.diferenca, tolerancia: a.tolerancia }).toEqual({ valorTotal: v.valorEsperado, diferenca: v.diferenca, tolerancia: v.tolerancia });
      expect(a.elementosCusto).toEqual(calculo.elementosCusto);
    }
  });

  it('stored XMLs read back to the same document, and keys carry a valid check digit', async () => {
    const { db } = h.bancos.COLACRIL;
    const amostra = await db
      .select({ chave: cte.chave, valorTotal: cte.valorTotal, status: cte.status, emitente: cte.emitenteDocumento, documento: cte.documento, xml: cteXml.xml })
      .from(cte)
      .innerJoin(cteXml, eq(cteXml.cteId, cte.id))
      .where(sql`${cte.id} % 11 = 0`);
    expect(amostra.length).toBeGreaterThan(150);
    for (const l of amostra) {
      const lido = lerCteXml(l.xml);
      expect(lido.tipo).toBe('CTE');
      const doc = (lido as { cte: CteLido }).cte;
      expect(doc.chave).toBe(l.chave);
      expect(doc.prestacao.valorTotal).toBe(l.valorTotal);
      expect(doc).toEqual(l.documento);
      expect(doc.emitente.cnpj).toBe(l.emitente);
      for (const chave of [l.chave, ...doc.notas.map((n) => n.chave)]) {
        expect(chave).toMatch(/^\d{44}$/);
        expect(dvChave(chave.slice(0, 43))).toBe(Number(chave[43]));
      }
      expect(l.chave.slice(20, 22)).toBe('57');
      expect(doc.prestacao.componentes.reduce((s, c) => s.plus(c.valor), new Dec(0)).toFixed(2)).toBe(l.valorTotal);
    }
    const [{ semXml }] = await db.select({ semXml: sql<number>`count(*)::int` }).from(cte).where(sql`not exists (select 1 from cte_xml x where x.cte_id = ${cte.id})`);
    expect(semXml).toBe(0);
  });

  it.each(EMPRESAS)('%s: every note is in the demo ERP with its order; processed CT-es carry its weights and values', async (empresa) => {
    const banco = h.bancos[empresa];
    const { vwNotaFiscal, vwPedido } = erpTabelas(banco.erpSchema);
    const notas = await banco.db
      .select({ status: cte.status, n: cteNota, erp: vwNotaFiscal, pedido: vwPedido.pedidoId, cancelado: cte.documento })
      .from(cteNota)
      .innerJoin(cte, eq(cte.id, cteNota.cteId))
      .leftJoin(vwNotaFiscal, eq(vwNotaFiscal.chave, cteNota.chave))
      .leftJoin(vwPedido, eq(vwPedido.pedidoId, vwNotaFiscal.pedidoId));
    expect(notas.length).toBeGreaterThan(CTES_DEMO[empresa].PROCESSADO);
    for (const { status, n, erp, pedido, cancelado } of notas) {
      expect(erp, n.chave).not.toBeNull();
      expect(pedido).toBe(erp!.pedidoId);
      expect(n.numero).toBe(erp!.numero);
      if (status === 'LIDO' || (status === 'CANCELADO' && cancelado.cancelado)) expect(n.pesoBruto).toBeNull();
      else
        expect({ pesoBruto: n.pesoBruto, valor: n.valor, notaFiscalId: n.notaFiscalId, pedidoId: n.pedidoId, vtp: n.valorTotalProdutos }).toEqual({
          pesoBruto: erp!.pesoBruto,
          valor: erp!.valor,
          notaFiscalId: erp!.notaFiscalId,
          pedidoId: erp!.pedidoId,
          vtp: erp!.valorTotalProdutos,
        });
    }
    // Sums on the CT-e, and the carrier and customer found as processing finds them.
    const [{ errados }] = await banco.db
      .select({ errados: sql<number>`count(*)::int` })
      .from(cte)
      .leftJoin(transportadora, eq(transportadora.id, cte.transportadoraId))
      .where(
        and(
          isNotNull(cte.pesoBruto),
          sql`(${cte.pesoBruto} <> (select sum(peso_bruto) from cte_nota where cte_id = ${cte.id})
            or ${cte.valorNotas} <> (select sum(valor) from cte_nota where cte_id = ${cte.id})
            or ${transportadora.cnpj} is distinct from ${cte.emitenteDocumento}
            or ${cte.tipo} not in ('SAIDA', 'ENTRADA')
            or ${cte.clienteId} is null)`,
        ),
      );
    expect(errados).toBe(0);
  });

  it('inconsistencies, additional charges, groupings, cancellations and payers as the list shows them', async () => {
    const banco = h.bancos.COLACRIL;
    const { db } = banco;
    const inconsistentes = await db.select({ id: cte.id, codigos: cte.inconsistencias }).from(cte).where(sql`cardinality(${cte.inconsistencias}) > 0`);
    expect(inconsistentes.length).toBeGreaterThan(20);
    const codigos = new Set(inconsistentes.flatMap((c) => c.codigos));
    expect([...codigos].sort()).toEqual(['PESO_BRUTO_ZERADO', 'VALOR_NOTA_FISCAL_ZERADO', 'VALOR_TOTAL_PRODUTOS_ZERADO']);
    const [{ pesoZero }] = await db
      .select({ pesoZero: sql<number>`count(*)::int` })
      .from(cte)
      .where(sql`'PESO_BRUTO_ZERADO' = any(${cte.inconsistencias}) and not exists (select 1 from cte_nota n where n.cte_id = ${cte.id} and n.peso_bruto = 0)`);
    expect(pesoZero).toBe(0);

    const { vwPedido } = erpTabelas(banco.erpSchema);
    const cobrancas = await db
      .select({ codigo: cte.codigoCobrancaAdicional, doPedido: vwPedido.codigoCobrancaAdicional })
      .from(cte)
      .innerJoin(cteNota, eq(cteNota.cteId, cte.id))
      .innerJoin(vwPedido, eq(vwPedido.pedidoId, cteNota.pedidoId))
      .where(isNotNull(cte.codigoCobrancaAdicional));
    expect(cobrancas.length).toBeGreaterThan(20);
    for (const c of cobrancas) expect(c.doPedido).toBe(c.codigo);

    const grupos = await db
      .select({ id: cteGrupo.id, tipo: cteGrupo.tipoVeiculoId, por: cteGrupo.confirmadoPor, n: sql<number>`count(${cte.id})::int`, transportadoras: sql<number>`count(distinct ${cte.transportadoraId})::int` })
      .from(cteGrupo)
      .innerJoin(cte, and(eq(cte.grupoId, cteGrupo.id), eq(cte.agrupamento, 'AGRUPADO'), eq(cte.status, 'PROCESSADO')))
      .groupBy(cteGrupo.id)
      .orderBy(cteGrupo.id);
    expect(grupos.map((g) => g.n)).toEqual([...GRUPOS_DEMO]);
    for (const g of grupos) expect(g).toMatchObject({ transportadoras: 1, tipo: expect.any(Number), por: expect.any(Number) });
    const [{ candidatos }] = await db.select({ candidatos: sql<number>`count(*)::int` }).from(cte).where(eq(cte.agrupamento, 'CANDIDATO'));
    expect(candidatos).toBe(CANDIDATOS_DEMO.grupos * CANDIDATOS_DEMO.tamanho);

    const cancelados = await db.select({ data: cte.dataCancelamento, motivo: cte.motivoCancelamento }).from(cte).where(eq(cte.status, 'CANCELADO'));
    expect(cancelados.every((c) => c.data !== null && !!c.motivo)).toBe(true);
    const [{ outros }] = await db.select({ outros: sql<number>`count(*)::int` }).from(cte).where(sql`${cte.status} <> 'CANCELADO' and (${cte.dataCancelamento} is not null or ${cte.motivoCancelamento} is not null)`);
    expect(outros).toBe(0);

    const tomadores = Object.fromEntries(
      (await db.select({ t: cte.tomador, n: sql<number>`count(*)::int` }).from(cte).groupBy(cte.tomador)).map((l) => [l.t, l.n]),
    );
    expect(Object.keys(tomadores).sort()).toEqual(['DESTINATARIO', 'EXPEDIDOR', 'OUTROS', 'RECEBEDOR', 'REMETENTE']);
    expect(tomadores.REMETENTE / Object.values(tomadores).reduce((s, n) => s + n, 0)).toBeGreaterThan(0.7);
  });

  it.each(EMPRESAS)('%s: three months of CT-es, the latest holding the most, none in the future', async (empresa) => {
    const { db } = h.bancos[empresa];
    const meses = linhas<{ mes: string; n: number }>(
      await db.execute(sql`select to_char(data_emissao at time zone 'America/Sao_Paulo', 'YYYY-MM') as mes, count(*)::int as n from cte group by 1 order by 1`),
    );
    expect(meses).toHaveLength(3);
    const total = meses.reduce((s, m) => s + m.n, 0);
    expect(meses[2].n / total).toBeGreaterThan(0.4);
    const [{ max }] = await db.select({ max: sql<string>`max(${cte.dataEmissao})::text` }).from(cte);
    expect(new Date(max).getTime()).toBeLessThanOrEqual(relogio.agoraMs());
    const [{ confirmado }] = await db.select({ confirmado: sql<string>`max(${cteGrupo.confirmadoEm})::text` }).from(cteGrupo);
    expect(new Date(confirmado).getTime()).toBeLessThanOrEqual(relogio.agoraMs());
  });

  it('is idempotent', async () => {
    const contar = async (e: Empresa) => (await h.bancos[e].db.select({ n: sql<number>`count(*)::int` }).from(cte))[0].n;
    const antes = await contar('RRE');
    await seedCtesDemo(h.bancos.RRE);
    expect(await contar('RRE')).toBe(antes);
  });
});
