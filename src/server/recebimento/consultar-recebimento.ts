import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Page } from '../../contracts/common';
import {
  FALHAS_PARA_AVISO,
  FONTES_RECEBIMENTO,
  MSG_EXECUCAO_NAO_ENCONTRADA,
  mensagemFonteFalhando,
  type ExecucaoRecebimento,
  type FonteRecebimento,
  type ItemRecebimento,
  type SituacaoFonte,
} from '../../contracts/recebimento';
import type { Db } from '../db/database';
import { recebimentoExecucao, recebimentoFonte, recebimentoItem } from '../db/schema/recebimento';
import { usuario } from '../db/schema/usuario';
import { cte } from '../db/schema/cte';
import { ApiError } from '../http/api-error';
import { paginaComTotal } from '../list/pagina-com-total';

// The intake screen's reads (issue 30): the sources' cards, the history of runs (paged on the server, newest first,
// by the (fonte, id) index), one run and its documents.

const colunasExecucao = {
  id: recebimentoExecucao.id,
  fonte: recebimentoExecucao.fonte,
  inicio: recebimentoExecucao.inicio,
  fim: recebimentoExecucao.fim,
  situacao: recebimentoExecucao.situacao,
  contagem: recebimentoExecucao.contagem,
  mensagens: recebimentoExecucao.mensagens,
  feitos: recebimentoExecucao.feitos,
  total: recebimentoExecucao.total,
  usuario: usuario.login,
};
type LinhaExecucao = { [K in keyof typeof colunasExecucao]: (typeof colunasExecucao)[K]['_']['data'] } & { usuario: string | null };

const paraExecucao = (l: LinhaExecucao): ExecucaoRecebimento => ({
  id: l.id,
  fonte: l.fonte,
  inicio: l.inicio.toISOString(),
  fim: l.fim?.toISOString() ?? null,
  situacao: l.situacao,
  contagem: l.contagem,
  mensagens: l.mensagens,
  progresso: l.situacao === 'EM_ANDAMENTO' ? { feitos: l.feitos, total: l.total } : null,
  usuario: l.usuario,
});

const consultaExecucoes = (db: Db) => db.select(colunasExecucao).from(recebimentoExecucao).leftJoin(usuario, eq(usuario.id, recebimentoExecucao.usuarioId));

export async function execucaoDaLinha(db: Db, id: number): Promise<ExecucaoRecebimento> {
  const [linha] = await consultaExecucoes(db).where(eq(recebimentoExecucao.id, id));
  if (!linha) throw new ApiError(404, [MSG_EXECUCAO_NAO_ENCONTRADA]);
  return paraExecucao(linha as LinhaExecucao);
}

export async function listarExecucoes(db: Db, q: { fonte?: FonteRecebimento; page: number; size: number }): Promise<Page<ExecucaoRecebimento>> {
  const filtro = q.fonte ? eq(recebimentoExecucao.fonte, q.fonte) : undefined;
  return paginaComTotal(
    async () =>
      (await consultaExecucoes(db).where(filtro).orderBy(desc(recebimentoExecucao.id)).limit(q.size).offset(q.page * q.size)).map((l) => paraExecucao(l as LinhaExecucao)),
    async () => (await db.select({ n: count() }).from(recebimentoExecucao).where(filtro))[0].n,
    q.page,
    q.size,
  );
}

export async function itensDaExecucao(db: Db, id: number, q: { page: number; size: number; problemas?: 'true' | 'false' }): Promise<Page<ItemRecebimento>> {
  await execucaoDaLinha(db, id);
  const filtro = and(eq(recebimentoItem.execucaoId, id), q.problemas === 'true' ? inArray(recebimentoItem.resultado, ['RECUSADO', 'IGNORADO']) : undefined);
  return paginaComTotal(
    () =>
      db
        .select({
          id: recebimentoItem.id,
          execucaoId: recebimentoItem.execucaoId,
          origem: recebimentoItem.origem,
          arquivo: recebimentoItem.arquivo,
          tipo: recebimentoItem.tipo,
          resultado: recebimentoItem.resultado,
          motivo: recebimentoItem.motivo,
          referencia: recebimentoItem.referencia,
          cteId: cte.id,
        })
        .from(recebimentoItem)
        // A CT-e's or an event's reference is the CT-e key (unique index): one probe a row of the page.
        .leftJoin(cte, and(inArray(recebimentoItem.tipo, ['CTE', 'EVENTO_CTE']), eq(cte.chave, recebimentoItem.referencia)))
        .where(filtro)
        .orderBy(recebimentoItem.id)
        .limit(q.size)
        .offset(q.page * q.size),
    async () => (await db.select({ n: count() }).from(recebimentoItem).where(filtro))[0].n,
    q.page,
    q.size,
  );
}

/** The last run of each source: one index probe per source (4 sources), not a scan of the history. */
async function ultimasExecucoes(db: Db): Promise<Map<FonteRecebimento, ExecucaoRecebimento>> {
  const ids = await Promise.all(
    FONTES_RECEBIMENTO.map(async (fonte) => (await db.select({ id: recebimentoExecucao.id }).from(recebimentoExecucao).where(eq(recebimentoExecucao.fonte, fonte)).orderBy(desc(recebimentoExecucao.id)).limit(1))[0]?.id),
  );
  const presentes = ids.filter((id): id is number => id !== undefined);
  if (!presentes.length) return new Map();
  const linhas = await consultaExecucoes(db).where(inArray(recebimentoExecucao.id, presentes));
  return new Map(linhas.map((l) => [l.fonte, paraExecucao(l as LinhaExecucao)]));
}

/** What each source's card needs; `configurada` and `ativa` of each source come from the caller (env, folders). */
export async function situacaoDasFontes(
  db: Db,
  estado: (fonte: FonteRecebimento, linha: typeof recebimentoFonte.$inferSelect | undefined) => { configurada: boolean; ativa: boolean },
  agora: number,
): Promise<SituacaoFonte[]> {
  const [linhas, ultimas] = await Promise.all([db.select().from(recebimentoFonte), ultimasExecucoes(db)]);
  return FONTES_RECEBIMENTO.map((fonte) => {
    const linha = linhas.find((l) => l.fonte === fonte);
    const { configurada, ativa } = estado(fonte, linha);
    const falhasSeguidas = linha?.falhasSeguidas ?? 0;
    const bloqueada = linha?.bloqueadaAte && linha.bloqueadaAte.getTime() > agora ? linha.bloqueadaAte : null;
    const ultima = ultimas.get(fonte) ?? null;
    // Why the last run failed, or until when SEFAZ blocks: its last message; after three failures, the warning first.
    const motivo = (ultima?.situacao === 'FALHA' || bloqueada) && ultima?.mensagens.length ? ultima.mensagens[ultima.mensagens.length - 1] : null;
    const alerta = falhasSeguidas >= FALHAS_PARA_AVISO ? mensagemFonteFalhando(fonte, falhasSeguidas) : null;
    const aviso = [alerta, motivo].filter(Boolean).join(' ') || null;
    return {
      fonte,
      configurada,
      ativa,
      ultima,
      proxima: ativa ? (linha?.proximaEm?.toISOString() ?? new Date(agora).toISOString()) : null,
      falhasSeguidas,
      bloqueadaAte: bloqueada?.toISOString() ?? null,
      aviso,
    };
  });
}

/**
 * Runs of a source left "em andamento" by a process that died: closed as failures by whoever next holds the source's
 * lock (or, for uploads, which hold none, when they are older than `anteriorA`).
 */
export async function encerrarExecucoesOrfas(db: Db, fonte: FonteRecebimento, motivo: string, anteriorA?: Date): Promise<void> {
  await db
    .update(recebimentoExecucao)
    .set({ situacao: 'FALHA', fim: sql`now()`, mensagens: sql`${recebimentoExecucao.mensagens} || ${JSON.stringify([motivo])}::jsonb` })
    .where(and(eq(recebimentoExecucao.fonte, fonte), eq(recebimentoExecucao.situacao, 'EM_ANDAMENTO'), anteriorA ? sql`${recebimentoExecucao.inicio} < ${anteriorA}` : undefined));
}
