import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../contracts/common';
import {
  MSG_CONTESTACAO_NAO_ENCONTRADA,
  STATUS_CONTESTACAO_EM_ABERTO,
  type Contestacao,
  type ContestacaoListaQuery,
  type ContestacaoResumo,
  type LinhaContestacao,
} from '../../contracts/contestacoes';
import { relogio } from '../../domain/relogio';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import type { Db } from '../db/database';
import { fatura } from '../db/schema/fatura';
import { contestacao, contestacaoLinha } from '../db/schema/pagamento';
import { usuario } from '../db/schema/usuario';
import { ApiError } from '../http/api-error';
import { listOffset } from '../list/list-offset';
import { paginaComTotal } from '../list/pagina-com-total';

// GET /contestacoes (the page, filtered on indexed columns) and GET /contestacoes/{id} (with its lines).

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const emAberto = sql`${contestacao.status} in ('ABERTA', 'ENVIADA')`;

const colunas = {
  id: contestacao.id,
  numero: contestacao.numero,
  status: contestacao.status,
  motivo: contestacao.motivo,
  descricao: contestacao.descricao,
  transportadoraCnpj: contestacao.transportadoraCnpj,
  transportadora: contestacao.transportadoraNome,
  faturaId: contestacao.faturaId,
  faturaNumero: fatura.numeroDocumento,
  valorContestado: contestacao.valorContestado,
  valorAceito: contestacao.valorAceito,
  documentoCredito: contestacao.documentoCredito,
  prazo: contestacao.prazo,
  abertaEm: contestacao.abertaEm,
  abertaPor: usuario.nome,
  enviadaEm: contestacao.enviadaEm,
  respondidaEm: contestacao.respondidaEm,
  encerradaEm: contestacao.encerradaEm,
  versao: contestacao.versao,
};

const consulta = (db: Db) =>
  db.select(colunas).from(contestacao).innerJoin(usuario, eq(usuario.id, contestacao.abertaPorId)).leftJoin(fatura, eq(fatura.id, contestacao.faturaId));
type Linha = Awaited<ReturnType<typeof consulta>>[number];

function paraContrato(r: Linha, hoje: string): Omit<Contestacao, 'linhas'> & { vencida: boolean } {
  return {
    ...r,
    faturaNumero: r.faturaNumero ?? null,
    abertaEm: r.abertaEm.toISOString(),
    enviadaEm: iso(r.enviadaEm),
    respondidaEm: iso(r.respondidaEm),
    encerradaEm: iso(r.encerradaEm),
    vencida: STATUS_CONTESTACAO_EM_ABERTO.includes(r.status) && r.prazo < hoje,
  };
}


/** The lines of these disputes, in their order. */
export function linhasDe(db: Db, ids: number[]): Promise<(LinhaContestacao & { contestacaoId: number })[]> {
  return db
    .select({
      contestacaoId: contestacaoLinha.contestacaoId,
      id: contestacaoLinha.id,
      faturaCteId: contestacaoLinha.faturaCteId,
      cteId: contestacaoLinha.cteId,
      cte: contestacaoLinha.cte,
      valorCobrado: contestacaoLinha.valorCobrado,
      valorCorreto: contestacaoLinha.valorCorreto,
      valorContestado: contestacaoLinha.valorContestado,
      valorAceito: contestacaoLinha.valorAceito,
    })
    .from(contestacaoLinha)
    .where(inArray(contestacaoLinha.contestacaoId, ids))
    .orderBy(asc(contestacaoLinha.id));
}

/** GET /contestacoes/{id}: 404 when unknown. */
export async function lerContestacao(db: Db, id: number): Promise<Contestacao> {
  const [r] = await consulta(db).where(eq(contestacao.id, id));
  if (!r) throw new ApiError(404, [MSG_CONTESTACAO_NAO_ENCONTRADA]);
  const { vencida: _v, ...c } = paraContrato(r, dataSaoPaulo(relogio.agora())!);
  const linhas = (await linhasDe(db, [id])).map(({ contestacaoId: _c, ...l }) => l);
  return { ...c, linhas };
}

function filtro(q: ContestacaoListaQuery, hoje: string): SQL | undefined {
  return and(
    q.status ? eq(contestacao.status, q.status) : undefined,
    q.transportadora ? eq(contestacao.transportadoraCnpj, q.transportadora) : undefined,
    q.fatura ? eq(contestacao.faturaId, q.fatura) : undefined,
    q.vencidas ? and(emAberto, lt(contestacao.prazo, hoje)) : undefined,
  );
}

/** GET /contestacoes: newest first, with the number of lines of each. */
export async function listarContestacoes(db: Db, q: ContestacaoListaQuery): Promise<Page<ContestacaoResumo>> {
  const hoje = dataSaoPaulo(relogio.agora())!;
  const onde = filtro(q, hoje);
  const buscar = async () => {
    const rows = await consulta(db).where(onde).orderBy(desc(contestacao.abertaEm), desc(contestacao.id)).limit(q.size).offset(listOffset(q.page, q.size));
    const ids = rows.map((r) => r.id);
    const contagem = ids.length
      ? await db
          .select({ id: contestacaoLinha.contestacaoId, n: sql<number>`count(*)::int` })
          .from(contestacaoLinha)
          .where(inArray(contestacaoLinha.contestacaoId, ids))
          .groupBy(contestacaoLinha.contestacaoId)
      : [];
    const porId = new Map(contagem.map((c) => [c.id, c.n]));
    return rows.map((r) => ({ ...paraContrato(r, hoje), linhas: porId.get(r.id) ?? 0 }));
  };
  const contar = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(contestacao).where(onde))[0].n;
  return paginaComTotal(buscar, contar, q.page, q.size);
}
