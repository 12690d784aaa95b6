import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/common';
import type { CteCompleto } from '../../src/contracts/ctes';
import { resumoLeituraFaturas, type FaturaCompleta, type FaturaLinha, type FretesFatura, type ResultadoLeituraFaturas } from '../../src/contracts/faturas';
import { mensagemJaCobrado } from '../../src/contracts/conferencia-fatura';
import { cte } from '../../src/server/db/schema/cte';
import { faturaCte } from '../../src/server/db/schema/fatura';
import { MIGRATIONS_FOLDER } from '../../src/server/db/migrations-folder';
import { arquivoDoccob, ctesDemo, ctesPorId, enviar, numeroTeste, obter, type CteDemo, type FaturaTeste } from './faturas-dados';
import { createHarness, json, type Harness } from './harness';

// docs/decisoes.md §17, duplicate billing: a CT-e is paid by one fatura not cancelled. A second fatura billing it (same or
// another carrier, by key or by CNPJ + série + número, or the same fatura twice) keeps its line, marked
// "já cobrado na fatura {n} de {dd/mm/aaaa}", counted as a divergence and out of "a pagar"; the CT-e stays with
// the first fatura; cancelling the first passes the CT-e to the next. The demo's audited CT-es, billed through
// the project's own DOCCOB writer.

let h: Harness;
let token: string;
let admin: string;
let auditados: CteDemo[];
const db = () => h.bancos.COLACRIL.db;

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.tokenCom(['FRETE_CTE_M', 'FRETE_FAT_M']);
  admin = await h.adminToken();
  auditados = await ctesDemo(db(), 'AUDITADO_SUCESSO', 10);
  expect(auditados).toHaveLength(10);
});
afterAll(() => h.close());

async function ler(...faturas: FaturaTeste[]): Promise<ResultadoLeituraFaturas> {
  const r = await enviar(h, token, Object.fromEntries(faturas.map((f) => [`DOCCOB-${f.numero}.txt`, arquivoDoccob([f])])));
  expect(r.status).toBe(200);
  return json<ResultadoLeituraFaturas>(r);
}
const completa = (id: number) => obter<FaturaCompleta>(h, token, `/api/faturas/${id}`);
const fretes = (id: number) => obter<FretesFatura>(h, token, `/api/faturas/${id}/ctes?size=300`);
const situacoes = async (id: number) => (await fretes(id)).content.map((l) => l.situacao);
const numerosFatura = async (ctes: CteDemo[]) => (await ctesPorId(db(), ctes.map((c) => c.id))).map((c) => c.numeroFatura);

describe('a CT-e billed by a second fatura', () => {
  it('is marked "já cobrado" there, counted as a divergence, left out of "a pagar", and stays with the first fatura', async () => {
    const [a, b, c] = auditados;
    const primeira = numeroTeste();
    const segunda = numeroTeste();
    const r1 = await ler({ numero: primeira, cnpj: a.emitente, dataEmissao: '2024-05-03', linhas: [{ cte: a }, { cte: b }] });
    expect(r1).toMatchObject({ lidas: 1, ctesJaCobrados: 0 });
    expect((await completa(r1.faturas[0])).conferencia).toMatchObject({ conferida: true, divergencias: 0 });

    // The second fatura bills a and b again (b without its key: by CNPJ + série + número) and c for the first time.
    const r2 = await ler({ numero: segunda, cnpj: a.emitente, dataEmissao: '2024-06-04', linhas: [{ cte: a }, { cte: b, porChave: false }, { cte: c }] });
    expect(r2).toMatchObject({ lidas: 1, ctesVinculados: 3, ctesJaCobrados: 2 });
    expect(r2.mensagens[0]).toBe(resumoLeituraFaturas(r2));
    expect(r2.mensagens[0]).toContain('2 CT-e(s) já cobrado(s) em outra fatura');

    const id2 = r2.faturas[0];
    const linhas = (await fretes(id2)).content;
    expect(linhas.map((l) => l.situacao)).toEqual(['JA_COBRADO', 'JA_COBRADO', 'AUDITADO']);
    expect(linhas[0].motivos).toEqual([mensagemJaCobrado(primeira, '03/05/2024')]);
    expect(linhas[0].motivos[0]).toMatch(new RegExp(`já cobrado na fatura ${primeira} de 03/05/2024`, 'i'));
    expect(linhas[0].jaCobradoEm).toEqual({ faturaId: r1.faturas[0], numero: primeira, dataEmissao: '2024-05-03' });
    expect((await fretes(id2)).primeiraDivergencia).toBe(0);

    const conf = (await completa(id2)).conferencia;
    expect(conf).toMatchObject({ conferida: false, divergencias: 2, jaCobrados: 2, auditados: 1 });
    // Only c is to be paid: its audit value.
    const [cAtual] = await db().select({ valorAuditoria: cte.valorAuditoria }).from(cte).where(eq(cte.id, c.id));
    expect(conf.valorAPagar).toBe(cAtual.valorAuditoria);

    // The list's summary agrees with the detail; the first fatura is still conferida.
    const lista = await obter<Page<FaturaLinha>>(h, token, `/api/faturas?inicio=2024-01-01&fim=2024-12-31&transportadora=${a.emitente}&size=200`);
    const porId = new Map(lista.content.map((f) => [f.id, f.conferencia]));
    expect(porId.get(id2)).toEqual({ conferida: false, divergencias: 2 });
    expect(porId.get(r1.faturas[0])).toEqual({ conferida: true, divergencias: 0 });

    // The CT-es keep the first fatura's número; c takes the second's.
    expect(await numerosFatura([a, b, c])).toEqual([primeira, primeira, segunda]);

    // The CT-e detail lists both billings, the first one marked.
    const detalhe = await obter<CteCompleto>(h, token, `/api/ctes/${a.id}`);
    expect(detalhe.faturas.map((f) => [f.numero, f.primeira, f.status])).toEqual([
      [primeira, true, 'PROCESSADO'],
      [segunda, false, 'PROCESSADO'],
    ]);
  });

  it('cancelling the first fatura passes the CT-e to the next one, whose conferência is recomputed', async () => {
    const [, , , d, e] = auditados;
    const primeira = numeroTeste();
    const segunda = numeroTeste();
    const r1 = await ler({ numero: primeira, cnpj: d.emitente, linhas: [{ cte: d }, { cte: e }] });
    const r2 = await ler({ numero: segunda, cnpj: d.emitente, linhas: [{ cte: d }, { cte: e }] });
    expect(await situacoes(r2.faturas[0])).toEqual(['JA_COBRADO', 'JA_COBRADO']);

    const versao = (await completa(r1.faturas[0])).versao;
    const cancelada = await h.request('POST', '/api/faturas/cancelar', { token: admin, body: { id: r1.faturas[0], versao } });
    expect(cancelada.status).toBe(200);

    expect(await situacoes(r2.faturas[0])).toEqual(['AUDITADO', 'AUDITADO']);
    expect((await completa(r2.faturas[0])).conferencia).toMatchObject({ conferida: true, divergencias: 0, jaCobrados: 0 });
    expect(await numerosFatura([d, e])).toEqual([segunda, segunda]);
    const detalhe = await obter<CteCompleto>(h, token, `/api/ctes/${d.id}`);
    expect(detalhe.faturas.map((f) => [f.numero, f.primeira, f.status])).toEqual([
      [primeira, false, 'CANCELADO'],
      [segunda, true, 'PROCESSADO'],
    ]);
  });

  it('is caught when another carrier bills it, when the CT-e is billed twice in one fatura, and when the CT-e is not in the database', async () => {
    const [, , , , , f, g] = auditados;
    const outra = '11222333000181';
    const r1 = await ler({ numero: numeroTeste(), cnpj: f.emitente, linhas: [{ cte: f }, { numero: '987654321' }] });
    // Another carrier's file: f by its key; the unknown CT-e by the first carrier's CNPJ + série + número.
    const estranha: FaturaTeste = { numero: numeroTeste(), cnpj: outra, linhas: [{ cte: f }, { numero: '987654321' }] };
    const r2 = await ler(estranha);
    // The unknown line's issuer is the carrier of its own file (another CNPJ): not the same CT-e.
    expect(await situacoes(r2.faturas[0])).toEqual(['JA_COBRADO', 'NAO_ENCONTRADO']);
    expect(r1.ctesJaCobrados).toBe(0);

    const r3 = await ler({ numero: numeroTeste(), cnpj: g.emitente, linhas: [{ cte: g }, { cte: g, porChave: false }] });
    expect(r3.ctesJaCobrados).toBe(1);
    const linhas = (await fretes(r3.faturas[0])).content;
    expect(linhas.map((l) => l.situacao)).toEqual(['AUDITADO', 'JA_COBRADO']);
    expect((await completa(r3.faturas[0])).conferencia).toMatchObject({ divergencias: 1, jaCobrados: 1 });

    // A CT-e the database does not have, billed twice by the same carrier: the second is caught too.
    const r4 = await ler({ numero: numeroTeste(), cnpj: f.emitente, linhas: [{ numero: '987654321' }] });
    expect(await situacoes(r4.faturas[0])).toEqual(['JA_COBRADO']);
    expect((await completa(r4.faturas[0])).conferencia).toMatchObject({ naoEncontrados: 1, encontrados: 0, jaCobrados: 1 });
  });

  it('the migration that added the columns marks the lines read before it as the reader does', async () => {
    const texto = readFileSync(join(MIGRATIONS_FOLDER, '0023_fatura-cte-identidade.sql'), 'utf8');
    const preenchimentos = texto.split('--> statement-breakpoint').map((t) => t.trim()).filter((t) => /^UPDATE/m.test(t.replace(/^--.*$/gm, '').trim()));
    expect(preenchimentos).toHaveLength(2);
    const estado = () => db().select({ id: faturaCte.id, identidade: faturaCte.identidade, anterior: faturaCte.cobrancaAnteriorId }).from(faturaCte).orderBy(faturaCte.id);
    const doLeitor = await estado();
    expect(doLeitor.filter((l) => l.anterior !== null).length).toBeGreaterThan(3);
    let daMigracao: typeof doLeitor = [];
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`update fatura_cte set identidade = '?', cobranca_anterior_id = null`);
        for (const p of preenchimentos) await tx.execute(sql.raw(p));
        daMigracao = await tx.select({ id: faturaCte.id, identidade: faturaCte.identidade, anterior: faturaCte.cobrancaAnteriorId }).from(faturaCte).orderBy(faturaCte.id);
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof TransactionRollbackError)) throw e;
      });
    expect(daMigracao).toEqual(doLeitor);
  });
});
