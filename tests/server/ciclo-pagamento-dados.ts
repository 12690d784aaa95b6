import Decimal from 'decimal.js';
import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Contestacao } from '../../src/contracts/contestacoes';
import type { ResultadoLeituraFaturas } from '../../src/contracts/faturas';
import { REGRAS_BLOQUEIO, type RegraBloqueio, type RegrasPagamento } from '../../src/contracts/pagamentos';
import { linhas as linhasDe } from '../../src/server/db/linhas';
import { faturaCte } from '../../src/server/db/schema/fatura';
import { escreverDoccob } from '../../src/server/ingest/doccob/escrever-doccob';
import { ctesPorId, enviar, faturaDoccob, numeroTeste, type CteDemo } from './faturas-dados';
import { createHarness, json, type Harness } from './harness';

// Fixtures of the payment-situation lifecycle walked through the API (ciclo-pagamento.test.ts): each path's fatura
// is read by POST /faturas/enviar with two lines billing demo CT-es not yet audited (LIDO/PROCESSADO) at 1.00 above
// the CT-e's charged value, due on a date of its own far ahead (VENCIMENTO_CURTO never blocks it, and the export
// filtered to that date and carrier takes only it).

export interface RefsCicloPagamento {
  h: Harness;
  admin: string;
  /** A user of the Pagamentos area only (see, open disputes, send/close them, export, pay, release). */
  pagamentos: string;
  /** The carrier (issuer of the CT-es) and the free unaudited CT-es the paths take two at a time. */
  cnpj: string;
  livres: CteDemo[];
}

/** Handle of one path's fatura: its id, número, lines, due date, and the dispute it has open (if any). */
export interface FaturaCiclo {
  id: number;
  numero: string;
  linhas: number[];
  vencimento: string;
  disputa: number | null;
}

export async function prepararCicloPagamento(ctesNecessarios: number): Promise<RefsCicloPagamento> {
  const h = await createHarness({}, { ctesDemo: true });
  const db = h.bancos.COLACRIL.db;
  // The issuer with the most unaudited CT-es that no fatura (nor pré-fatura) bills yet.
  const livres = linhasDe<{ id: number; emitente: string }>(
    await db.execute(sql`
      with livre as (
        select c.id, c.emitente_documento as emitente from cte c
        where c.status in ('LIDO', 'PROCESSADO') and c.emitente_documento is not null and c.chave is not null
          and not exists (select 1 from fatura_cte fc where fc.cte_id = c.id)
          and not exists (select 1 from pre_fatura_cte p where p.cte_id = c.id)),
      maior as (select emitente from livre group by emitente order by count(*) desc, emitente limit 1)
      select l.id, l.emitente from livre l join maior m on m.emitente = l.emitente order by l.id limit ${ctesNecessarios}`),
  );
  expect(livres.length, 'CT-es demo não auditados e não faturados').toBeGreaterThanOrEqual(ctesNecessarios);
  return {
    h,
    admin: await h.adminToken(),
    pagamentos: await h.tokenCom(['FRETE_PAG_M', 'FRETE_PAG_C', 'FRETE_PAG_E'], 'GERENTE'),
    cnpj: livres[0].emitente,
    livres: await ctesPorId(db, livres.map((l) => Number(l.id))),
  };
}

/** The company's rules with exactly `ligadas` on; paying the undisputed amount always allowed (see the test). */
export const regrasCom = (ligadas: readonly RegraBloqueio[]) => (r: RegrasPagamento): RegrasPagamento => ({
  ...r,
  bloqueios: Object.fromEntries(REGRAS_BLOQUEIO.map((g) => [g, ligadas.includes(g)])) as RegrasPagamento['bloqueios'],
  pagarIncontroverso: true,
});

/** POST /regras-pagamento (admin): every fatura not exported is reconferred with these rules. */
export async function aplicarRegras(refs: RefsCicloPagamento, ligadas: readonly RegraBloqueio[]): Promise<Response> {
  const atuais = await json<RegrasPagamento>(await refs.h.request('GET', '/api/regras-pagamento', { token: refs.admin }));
  return refs.h.request('POST', '/api/regras-pagamento', { token: refs.admin, body: regrasCom(ligadas)(atuais) });
}

let dia = 0;

/** A new fatura of two free unaudited CT-es, billed 1.00 above their charged value, read by POST /faturas/enviar. */
export async function lerFaturaCiclo(refs: RefsCicloPagamento): Promise<FaturaCiclo> {
  const ctes = refs.livres.splice(0, 2);
  if (ctes.length < 2) throw new Error('ciclo-pagamento: faltam CT-es livres para mais um caminho.');
  const numero = numeroTeste();
  const vencimento = new Date(Date.UTC(2099, 0, 1 + ++dia)).toISOString().slice(0, 10);
  const linhas = ctes.map((cte) => ({ cte, valorFrete: new Decimal(cte.valorTotal).plus(1).toFixed(2) }));
  const doc = { ...faturaDoccob({ numero, cnpj: refs.cnpj, linhas }), dataVencimento: vencimento };
  const r = await enviar(refs.h, refs.admin, { [`${numero}.txt`]: new TextEncoder().encode(escreverDoccob([doc])) });
  const corpo = await json<ResultadoLeituraFaturas>(r);
  expect(corpo.erros, 'fatura lida').toEqual([]);
  const id = corpo.faturas[0];
  const lidas = await refs.h.bancos.COLACRIL.db.select({ id: faturaCte.id }).from(faturaCte).where(eq(faturaCte.faturaId, id)).orderBy(asc(faturaCte.linha));
  return { id, numero, linhas: lidas.map((l) => l.id), vencimento, disputa: null };
}

/** POST /contestacoes over both lines (the whole charge: the CT-es have no audited value yet to dispute down to). */
export async function contestarLinhas(refs: RefsCicloPagamento, f: FaturaCiclo): Promise<void> {
  const r = await refs.h.request('POST', '/api/contestacoes', { token: refs.pagamentos, body: { linhas: f.linhas, motivo: 'CTE_NAO_RECONHECIDO' } });
  expect(r.status, `abrir contestação: ${await r.clone().text()}`).toBe(201);
  f.disputa = (await json<Contestacao>(r)).id;
}

/** POST /contestacoes/{id}/encerrar of the fatura's open dispute (withdrawn unanswered: its lines block again). */
export async function encerrarDisputa(refs: RefsCicloPagamento, f: FaturaCiclo): Promise<void> {
  if (f.disputa === null) return;
  const caminho = `/api/contestacoes/${f.disputa}`;
  const { versao } = await json<Contestacao>(await refs.h.request('GET', caminho, { token: refs.pagamentos }));
  const r = await refs.h.request('POST', `${caminho}/encerrar`, { token: refs.pagamentos, body: { versao } });
  expect(r.status, `encerrar contestação: ${await r.clone().text()}`).toBe(200);
  f.disputa = null;
}
