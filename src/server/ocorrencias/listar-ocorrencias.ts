import { asc, count, desc, eq, not, sql } from 'drizzle-orm';
import type { Page } from '../../contracts/common';
import { MSG_CTE_NAO_ENCONTRADO } from '../../contracts/ctes';
import { textoDoCodigo, textoObservacao, type OcorrenciaLista, type OcorrenciaListaQuery } from '../../contracts/ocorrencias';
import { isoSaoPaulo } from '../../domain/sao-paulo-date';
import type { Db } from '../db/database';
import { cte } from '../db/schema/cte';
import { ocorrencia, ocorrenciaCte } from '../db/schema/ocorrencia';
import { ApiError } from '../http/api-error';
import { listOffset } from '../list/list-offset';
import { paginaComTotal } from '../list/pagina-com-total';
import { rotuloNf } from './gravar-ocoren';

// GET /ocorrencias (issue 31): the occurrences newest read first (index ocorrencia_lida_idx; the ones linked to no
// CT-e by the partial ocorrencia_nao_vinculada_idx), each with its CT-es (one query for the page's links); and a
// CT-e's timeline (GET /ocorrencias/ctes/{id}) from ocorrencia_cte (index ocorrencia_cte_cte_idx), oldest occurrence first.

const colunas = {
  id: ocorrencia.id,
  origem: ocorrencia.origem,
  dataHora: ocorrencia.dataHora,
  codigo: ocorrencia.codigo,
  codigoObservacao: ocorrencia.codigoObservacao,
  sentido: ocorrencia.sentido,
  observacao: ocorrencia.observacao,
  cnpjEmissorNf: ocorrencia.cnpjEmissorNf,
  serieNf: ocorrencia.serieNf,
  numeroNf: ocorrencia.numeroNf,
  arquivo: ocorrencia.arquivo,
  linha: ocorrencia.linha,
  cancelada: ocorrencia.cancelada,
  lidaEm: ocorrencia.lidaEm,
  transportadoraCnpj: ocorrencia.transportadoraCnpj,
};
type LinhaOcorrencia = Pick<typeof ocorrencia.$inferSelect, keyof typeof colunas>;

/** The text shown for an occurrence: its code's, with the observation code's when there is one. */
function textoDe(l: LinhaOcorrencia): string {
  const obs = textoObservacao(l.codigoObservacao);
  return obs ? `${textoDoCodigo(l.origem, l.codigo)} (${obs})` : textoDoCodigo(l.origem, l.codigo);
}

/** The rows as the API answers them, with the CT-es of each (one query for all). */
async function comCtes(db: Db, linhas: LinhaOcorrencia[]): Promise<OcorrenciaLista[]> {
  const porOcorrencia = new Map<number, OcorrenciaLista['ctes']>();
  if (linhas.length) {
    const ids = `{${linhas.map((l) => l.id).join(',')}}`;
    const vinculos = await db
      .select({ ocorrenciaId: ocorrenciaCte.ocorrenciaId, id: cte.id, numero: cte.numero, serie: cte.serie })
      .from(ocorrenciaCte)
      .innerJoin(cte, eq(cte.id, ocorrenciaCte.cteId))
      .where(sql`${ocorrenciaCte.ocorrenciaId} = any(${ids}::int[])`)
      .orderBy(asc(ocorrenciaCte.ocorrenciaId), asc(cte.id));
    for (const { ocorrenciaId, ...c } of vinculos) porOcorrencia.set(ocorrenciaId, [...(porOcorrencia.get(ocorrenciaId) ?? []), c]);
  }
  return linhas.map((l) => ({
    id: l.id,
    origem: l.origem,
    dataHora: isoSaoPaulo(l.dataHora),
    codigo: l.codigo,
    texto: textoDe(l),
    sentido: l.sentido,
    observacao: l.observacao,
    notaFiscal: l.origem === 'OCOREN' ? rotuloNf(l.cnpjEmissorNf, l.serieNf, l.numeroNf) : null,
    arquivo: l.arquivo,
    linha: l.linha,
    cancelada: l.cancelada,
    lidaEm: isoSaoPaulo(l.lidaEm),
    transportadoraCnpj: l.transportadoraCnpj,
    ctes: porOcorrencia.get(l.id) ?? [],
  }));
}

/** The list, newest read first; only the ones linked to no CT-e with naoVinculadas. */
export async function listarOcorrencias(db: Db, q: OcorrenciaListaQuery): Promise<Page<OcorrenciaLista>> {
  const filtro = q.naoVinculadas ? not(ocorrencia.vinculada) : undefined;
  const offset = listOffset(q.page, q.size);
  const pagina = await paginaComTotal(
    () => db.select(colunas).from(ocorrencia).where(filtro).orderBy(desc(ocorrencia.lidaEm), desc(ocorrencia.id)).limit(q.size).offset(offset),
    async () => (await db.select({ n: count() }).from(ocorrencia).where(filtro))[0].n,
    q.page,
    q.size,
  );
  return { ...pagina, content: await comCtes(db, pagina.content) };
}

/** One CT-e's timeline, oldest occurrence first (404 when the CT-e does not exist). */
export async function linhaDoTempo(db: Db, cteId: number, q: Pick<OcorrenciaListaQuery, 'page' | 'size'>): Promise<Page<OcorrenciaLista>> {
  const [existe] = await db.select({ id: cte.id }).from(cte).where(eq(cte.id, cteId));
  if (!existe) throw new ApiError(404, [MSG_CTE_NAO_ENCONTRADO]);
  const doCte = eq(ocorrenciaCte.cteId, cteId);
  const offset = listOffset(q.page, q.size);
  const pagina = await paginaComTotal(
    () =>
      db
        .select(colunas)
        .from(ocorrenciaCte)
        .innerJoin(ocorrencia, eq(ocorrencia.id, ocorrenciaCte.ocorrenciaId))
        .where(doCte)
        .orderBy(asc(ocorrencia.dataHora), asc(ocorrencia.id))
        .limit(q.size)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(ocorrenciaCte).where(doCte))[0].n,
    q.page,
    q.size,
  );
  return { ...pagina, content: await comCtes(db, pagina.content) };
}
