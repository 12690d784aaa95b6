import Decimal from 'decimal.js';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  MSG_CTE_NAO_ENCONTRADO_CONTESTACAO,
  MSG_FATURA_NAO_ENCONTRADA_CONTESTACAO,
  MSG_LINHA_FATURA_NAO_ENCONTRADA,
  MSG_NADA_A_CONTESTAR,
  MSG_UMA_TRANSPORTADORA,
  STATUS_CONTESTACAO_EM_ABERTO,
  mensagemLinhaJaContestada,
  type ContestacaoAbrir,
  type MotivoContestacao,
} from '../../contracts/contestacoes';
import type { Db } from '../db/database';
import { cte } from '../db/schema/cte';
import { fatura, faturaCte } from '../db/schema/fatura';
import { contestacao, contestacaoLinha } from '../db/schema/pagamento';
import { transportadora } from '../db/schema/transportadora';
import { ApiError, badRequest } from '../http/api-error';

// Which lines a new dispute holds and their values (docs/decisoes.md §36): billed = fatura_cte.valor_frete (else the
// CT-e's valor_total); audited = cte.valor_correto when approved, else cte.valor_auditoria; a motive saying the
// charge should not exist at all (billed twice, cancelled CT-e, unknown CT-e) disputes the whole billed value.

/** Motives whose correct value is zero: the whole charge is disputed. */
const MOTIVOS_SEM_VALOR: readonly MotivoContestacao[] = ['COBRADO_DUAS_VEZES', 'CTE_CANCELADO_COBRADO', 'CTE_NAO_RECONHECIDO'];

export interface LinhaNova {
  faturaCteId: number | null;
  cteId: number | null;
  faturaId: number | null;
  cte: string;
  valorCobrado: string;
  valorCorreto: string;
  valorContestado: string;
  cnpj: string;
  nome: string;
  transportadoraId: number | null;
}

interface Candidata extends Omit<LinhaNova, 'valorCorreto' | 'valorContestado'> {
  auditado: string | null;
  bloqueada: boolean;
}

const auditadoSql = sql<string | null>`case when ${cte.status} = 'AUDITADO_REVISADO' then ${cte.valorCorreto} else ${cte.valorAuditoria} end`;

/** Live fatura lines (their fatura PROCESSADO) matching `filtro`, with the CT-e's values. */
function linhasFaturadas(db: Db, filtro: SQL): Promise<Candidata[]> {
  return db
    .select({
      faturaCteId: faturaCte.id,
      cteId: faturaCte.cteId,
      faturaId: faturaCte.faturaId,
      cte: sql<string>`${faturaCte.serie} || '/' || ${faturaCte.numero}`,
      valorCobrado: sql<string>`coalesce(${faturaCte.valorFrete}, ${cte.valorTotal}, 0)::text`,
      auditado: sql<string | null>`(${auditadoSql})::text`,
      bloqueada: sql<boolean>`cardinality(${faturaCte.bloqueios}) > 0`,
      cnpj: fatura.transportadoraCnpj,
      nome: fatura.transportadoraRazaoSocial,
      transportadoraId: fatura.transportadoraId,
    })
    .from(faturaCte)
    .innerJoin(fatura, and(eq(fatura.id, faturaCte.faturaId), eq(fatura.status, 'PROCESSADO')))
    .leftJoin(cte, eq(cte.id, faturaCte.cteId))
    .where(filtro)
    .orderBy(faturaCte.faturaId, faturaCte.linha);
}

/** CT-es no live fatura bills: one line each, without a fatura line. */
function ctesSemFatura(db: Db, ids: number[]): Promise<Candidata[]> {
  return db
    .select({
      faturaCteId: sql<null>`null::integer`,
      cteId: cte.id,
      faturaId: sql<null>`null::integer`,
      cte: sql<string>`${cte.serie} || '/' || ${cte.numero}`,
      valorCobrado: sql<string>`${cte.valorTotal}::text`,
      auditado: sql<string | null>`(${auditadoSql})::text`,
      bloqueada: sql<boolean>`false`,
      cnpj: sql<string>`coalesce(${transportadora.cnpj}, ${cte.emitenteDocumento}, '')`,
      nome: sql<string>`coalesce(${transportadora.razaoSocial}, ${cte.emitenteDocumento}, '')`,
      transportadoraId: cte.transportadoraId,
    })
    .from(cte)
    .leftJoin(transportadora, eq(transportadora.id, cte.transportadoraId))
    .where(inArray(cte.id, ids))
    .orderBy(cte.id);
}

/** The candidate lines of the request, before the values: 404 for ids that are not there. */
async function candidatas(db: Db, pedido: ContestacaoAbrir): Promise<{ linhas: Candidata[]; faturaInteira: boolean }> {
  if (pedido.fatura) {
    const [f] = await db.select({ id: fatura.id }).from(fatura).where(and(eq(fatura.id, pedido.fatura), eq(fatura.status, 'PROCESSADO')));
    if (!f) throw new ApiError(404, [MSG_FATURA_NAO_ENCONTRADA_CONTESTACAO]);
    const todas = await linhasFaturadas(db, eq(faturaCte.faturaId, pedido.fatura));
    const bloqueadas = todas.filter((l) => l.bloqueada);
    const divergentes = todas.filter((l) => l.auditado !== null && !new Decimal(l.valorCobrado).eq(l.auditado));
    return { linhas: bloqueadas.length ? bloqueadas : divergentes, faturaInteira: true };
  }
  if (pedido.linhas?.length) {
    const ids = [...new Set(pedido.linhas)];
    const linhas = await linhasFaturadas(db, inArray(faturaCte.id, ids));
    if (linhas.length !== ids.length) throw new ApiError(404, [MSG_LINHA_FATURA_NAO_ENCONTRADA]);
    return { linhas, faturaInteira: false };
  }
  const ids = [...new Set(pedido.ctes ?? [])];
  const faturadas = await linhasFaturadas(db, inArray(faturaCte.cteId, ids));
  const cobrados = new Set(faturadas.map((l) => l.cteId));
  const resto = ids.filter((id) => !cobrados.has(id));
  const soltas = resto.length ? await ctesSemFatura(db, resto) : [];
  if (soltas.length !== resto.length) throw new ApiError(404, [MSG_CTE_NAO_ENCONTRADO_CONTESTACAO]);
  return { linhas: [...faturadas, ...soltas], faturaInteira: false };
}

/** The open disputes already holding any of these lines (by fatura line, or by CT-e for unbilled ones). */
async function jaContestadas(db: Db, linhas: Candidata[]) {
  const fcIds = linhas.flatMap((l) => (l.faturaCteId === null ? [] : [l.faturaCteId]));
  const cteIds = linhas.flatMap((l) => (l.cteId === null ? [] : [l.cteId]));
  const soltas = linhas.flatMap((l) => (l.faturaCteId === null && l.cteId !== null ? [l.cteId] : []));
  const condicoes = [
    fcIds.length ? inArray(contestacaoLinha.faturaCteId, fcIds) : undefined,
    cteIds.length ? and(isNull(contestacaoLinha.faturaCteId), inArray(contestacaoLinha.cteId, cteIds)) : undefined,
    soltas.length ? inArray(contestacaoLinha.cteId, soltas) : undefined,
  ].filter((c) => c !== undefined);
  if (!condicoes.length) return [];
  return db
    .select({ faturaCteId: contestacaoLinha.faturaCteId, cteId: contestacaoLinha.cteId, cte: contestacaoLinha.cte, numero: contestacao.numero })
    .from(contestacaoLinha)
    .innerJoin(contestacao, eq(contestacao.id, contestacaoLinha.contestacaoId))
    .where(and(inArray(contestacao.status, [...STATUS_CONTESTACAO_EM_ABERTO]), or(...condicoes)));
}

const mesmaLinha = (l: Candidata, j: { faturaCteId: number | null; cteId: number | null }) =>
  (l.faturaCteId !== null && l.faturaCteId === j.faturaCteId) || (l.cteId !== null && l.cteId === j.cteId && (j.faturaCteId === null || l.faturaCteId === null));

/** With its values: billed, correct (audited, or 0 for the motives that refuse the whole charge), disputed. */
function comValores(l: Candidata, motivo: MotivoContestacao): LinhaNova {
  const cobrado = new Decimal(l.valorCobrado);
  const correto = MOTIVOS_SEM_VALOR.includes(motivo) ? new Decimal(0) : new Decimal(l.auditado ?? l.valorCobrado);
  const contestado = Decimal.max(0, cobrado.minus(correto));
  const { auditado: _a, bloqueada: _b, ...resto } = l;
  return { ...resto, valorCobrado: cobrado.toFixed(2), valorCorreto: correto.toFixed(2), valorContestado: contestado.toFixed(2) };
}

/**
 * The lines of a new dispute (inside the opening's transaction, under its lock): one carrier (CNPJ root), none in
 * another open dispute (409; a whole fatura leaves those out instead), only lines with something to dispute (400
 * when none is left).
 */
export async function linhasAContestar(db: Db, pedido: ContestacaoAbrir): Promise<LinhaNova[]> {
  const { linhas, faturaInteira } = await candidatas(db, pedido);
  if (new Set(linhas.map((l) => l.cnpj.slice(0, 8))).size > 1) throw badRequest(MSG_UMA_TRANSPORTADORA);
  const abertas = await jaContestadas(db, linhas);
  let livres = linhas;
  if (faturaInteira) livres = linhas.filter((l) => !abertas.some((j) => mesmaLinha(l, j)));
  else {
    const conflito = abertas.find((j) => linhas.some((l) => mesmaLinha(l, j)));
    if (conflito) throw new ApiError(409, [mensagemLinhaJaContestada(conflito.cte, conflito.numero)]);
  }
  const novas = livres.map((l) => comValores(l, pedido.motivo)).filter((l) => new Decimal(l.valorContestado).gt(0));
  if (!novas.length) throw badRequest(MSG_NADA_A_CONTESTAR);
  return novas;
}
