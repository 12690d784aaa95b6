import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_CTE } from '../../src/contracts/cte-status';
import type { CteLido } from '../../src/contracts/cte-documento';
import { cte, cteAuditoria, cteNota } from '../../src/server/db/schema/cte';
import { DISTRIBUICAO_GERADA, gerarCtes, SERIE_GERADA } from '../../src/server/demo/gerar-ctes';
import { dvChave } from '../../src/server/demo/ctes-demo/chave-acesso';
import { CTES_DEMO } from '../../src/server/demo/ctes-demo/constantes-demo';
import { createHarness, type Harness } from './harness';
import { relogio } from '../../src/domain/relogio';
import { agoraSql } from '../../src/server/db/agora-sql';

// The volume generator (scripts/gerar-ctes.ts), on a small count: exact status spread, valid keys and
// documents, notes and audits, and rows the Fretes list query finds.
let h: Harness;
const QUANTIDADE = 2000;
const linhas: string[] = [];
beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  await gerarCtes(h.bancos.RRE, QUANTIDADE, { lote: 700, log: (l) => linhas.push(l) });
});
afterAll(() => h?.close());

const gerados = eq(cte.serie, SERIE_GERADA);

describe('gerarCtes', () => {
  it('adds the rows in chunks, with a progress line each, the status spread exact per thousand', async () => {
    const { db } = h.bancos.RRE;
    expect(linhas.filter((l) => l.includes('CT-es gerados'))).toHaveLength(3);
    const porStatus = Object.fromEntries(
      (await db.select({ s: cte.status, n: sql<number>`count(*)::int` }).from(cte).where(gerados).groupBy(cte.status)).map((l) => [l.s, l.n]),
    );
    expect(porStatus).toEqual(Object.fromEntries(STATUS_CTE.map((s) => [s, (DISTRIBUICAO_GERADA[s] * QUANTIDADE) / 1000])));
    // The demo CT-es are untouched.
    const [{ demo }] = await db.select({ demo: sql<number>`count(*)::int` }).from(cte).where(eq(cte.serie, '1'));
    expect(demo).toBe(Object.values(CTES_DEMO.RRE).reduce((s, n) => s + n, 0));
  });

  it('spreads over carriers, customers, twelve months and payers, with believable values', async () => {
    const { db } = h.bancos.RRE;
    const [r] = await db
      .select({
        transportadoras: sql<number>`count(distinct ${cte.transportadoraId})::int`,
        clientes: sql<number>`count(distinct ${cte.clienteId})::int`,
        meses: sql<number>`count(distinct date_trunc('month', ${cte.dataEmissao} at time zone 'America/Sao_Paulo'))::int`,
        tomadores: sql<number>`count(distinct ${cte.tomador})::int`,
        remetente: sql<number>`(count(*) filter (where ${cte.tomador} = 'REMETENTE'))::int`,
        futuro: sql<number>`(count(*) filter (where ${cte.dataEmissao} > ${agoraSql()}))::int`,
        minimo: sql<string>`min(${cte.valorTotal})::text`,
        mediana: sql<number>`percentile_cont(0.5) within group (order by ${cte.valorTotal})`,
        candidatos: sql<number>`(count(*) filter (where ${cte.agrupamento} = 'CANDIDATO'))::int`,
        cobrancas: sql<number>`(count(*) filter (where ${cte.codigoCobrancaAdicional} is not null))::int`,
        inconsistentes: sql<number>`(count(*) filter (where cardinality(${cte.inconsistencias}) > 0))::int`,
      })
      .from(cte)
      .where(gerados);
    expect(r.transportadoras).toBeGreaterThan(20);
    expect(r.clientes).toBeGreaterThan(100);
    expect(r.meses).toBeGreaterThanOrEqual(11);
    expect(r.tomadores).toBe(5);
    expect(r.remetente / QUANTIDADE).toBeGreaterThan(0.7);
    expect(r.futuro).toBe(0);
    expect(Number(r.minimo)).toBeGreaterThan(50);
    expect(r.mediana).toBeGreaterThan(150);
    expect(r.mediana).toBeLessThan(2000);
    expect(r.candidatos).toBeGreaterThan(0);
    expect(r.cobrancas).toBeGreaterThan(0);
    expect(r.inconsistentes).toBeGreaterThan(0);
  });

  it('writes valid keys, a compact CteLido, one to three notes each and an audit per audited CT-e', async () => {
    const { db } = h.bancos.RRE;
    const amostra = await db.select().from(cte).where(and(gerados, sql`${cte.id} % 13 = 0`));
    expect(amostra.length).toBeGreaterThan(100);
    for (const c of amostra) {
      const d: CteLido = c.documento;
      for (const chave of [c.chave, ...d.notas.map((n) => n.chave)]) {
        expect(chave).toMatch(/^\d{44}$/);
        expect(dvChave(chave.slice(0, 43)), chave).toBe(Number(chave[43]));
      }
      expect(d.chave).toBe(c.chave);
      expect(c.chave.slice(6, 20)).toBe(c.emitenteDocumento);
      expect(d.identificacao).toMatchObject({ numeroCte: c.numero, serie: SERIE_GERADA, tomador: c.tomador, codigoMunicipioOrigem: c.codigoMunicipioOrigem, codigoMunicipioDestino: c.codigoMunicipioDestino });
      expect(d.prestacao.valorTotal).toBe(c.valorTotal);
      expect(d.icms?.aliquota).toMatch(/^(12|7)\.00$/);
      expect(d.tomador).not.toBeNull();
      expect(Object.keys(d).sort()).toEqual(
        ['ambiente', 'cancelado', 'carga', 'chave', 'destinatario', 'emitente', 'expedidor', 'icms', 'identificacao', 'notas', 'prestacao', 'protocolo', 'recebedor', 'remetente', 'tomador', 'versaoLayout'].sort(),
      );
      expect(d.notas.length).toBeGreaterThanOrEqual(1);
      expect(d.notas.length).toBeLessThanOrEqual(3);
    }
    const [{ semNota, auditados, auditorias, revisadas }] = await db
      .select({
        semNota: sql<number>`(count(*) filter (where not exists (select 1 from cte_nota n where n.cte_id = ${cte.id})))::int`,
        auditados: sql<number>`(count(*) filter (where ${cte.status} like 'AUDITADO%'))::int`,
        auditorias: sql<number>`(select count(*)::int from ${cteAuditoria} a join ${cte} c on c.id = a.cte_id where c.serie = ${SERIE_GERADA})`,
        revisadas: sql<number>`(select count(*)::int from ${cteAuditoria} a join ${cte} c on c.id = a.cte_id where c.serie = ${SERIE_GERADA} and a.status = 'REVISADO' and a.responsavel_id is not null and a.valor_correto = c.valor_correto)`,
      })
      .from(cte)
      .where(gerados);
    expect(semNota).toBe(0);
    expect(auditorias).toBe(auditados);
    expect(revisadas).toBe((DISTRIBUICAO_GERADA.AUDITADO_REVISADO * QUANTIDADE) / 1000);
    // Processed ones carry the notes' sums; LIDO ones nothing yet.
    const [{ divergentes }] = await db
      .select({ divergentes: sql<number>`count(*)::int` })
      .from(cte)
      .where(and(gerados, sql`${cte.pesoBruto} is not null and abs(${cte.pesoBruto} - (select sum(peso_bruto) from cte_nota n where n.cte_id = ${cte.id})) > 0.01`));
    expect(divergentes).toBe(0);
    const [{ lidosCompletos }] = await db
      .select({ lidosCompletos: sql<number>`count(*)::int` })
      .from(cte)
      .innerJoin(cteNota, eq(cteNota.cteId, cte.id))
      .where(and(gerados, eq(cte.status, 'LIDO'), sql`(${cte.transportadoraId} is not null or ${cteNota.pesoBruto} is not null)`));
    expect(lidosCompletos).toBe(0);
  });

  it('the Fretes list query (current month, payer REMETENTE, newest first) pages through them', async () => {
    const { db } = h.bancos.RRE;
    const agora = relogio.agora();
    const inicio = new Date(Date.UTC(agora.getUTCFullYear(), agora.getUTCMonth() - 1, 1));
    const filtro = and(eq(cte.tomador, 'REMETENTE'), gte(cte.dataEmissao, inicio), lt(cte.dataEmissao, new Date(agora.getTime() + 86_400_000)));
    const pagina = await db.select({ id: cte.id, data: cte.dataEmissao, serie: cte.serie }).from(cte).where(filtro).orderBy(desc(cte.dataEmissao), desc(cte.id)).limit(50);
    expect(pagina).toHaveLength(50);
    for (let i = 1; i < pagina.length; i++) expect(pagina[i - 1].data.getTime()).toBeGreaterThanOrEqual(pagina[i].data.getTime());
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(cte).where(and(filtro, gerados));
    expect(n).toBeGreaterThan(50);
  });

  it('numbers on from the last generated CT-e when run again', async () => {
    const { db } = h.bancos.RRE;
    const [antes] = await db.select({ max: sql<number>`max(${cte.numero})::int`, n: sql<number>`count(*)::int` }).from(cte).where(gerados);
    await gerarCtes(h.bancos.RRE, 10, { log: () => {}, analisar: false });
    const [depois] = await db.select({ min: sql<number>`min(${cte.numero})::int`, n: sql<number>`count(*)::int` }).from(cte).where(and(gerados, sql`${cte.numero} > ${antes.max}`));
    expect(depois).toEqual({ min: antes.max + 1, n: 10 });
  });
});
