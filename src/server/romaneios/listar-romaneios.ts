import { and, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import { INTEIRO_MAXIMO, type Page } from '../../contracts/common';
import type { RomaneioLinha } from '../../contracts/romaneios';
import type { RomaneioListaQuery } from '../../contracts/romaneios-salvar';
import { FUSO_SAO_PAULO } from '../../domain/sao-paulo-date';
import type { Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { motorista } from '../db/schema/motorista';
import { romaneio, romaneioItem } from '../db/schema/romaneio';
import { transportadora } from '../db/schema/transportadora';
import { listOffset } from '../list/list-offset';
import { prefixoNumeroSql } from '../list/prefixo-numero';
import { pageOf } from '../list/page-of';

// GET /romaneios/listar-simples (spec 03 §2.7, 50 a page) and GET /romaneios/listar (the palette's "find a
// manifest by number"). Every filter is an indexed column of romaneio (period and order: romaneio_emissao_idx;
// status: romaneio_status_emissao_idx; número: romaneio_numero_idx) or an EXISTS over an indexed column of
// its items (pedido, nota fiscal, the customer's and the carrier's CNPJ, the register id read to its CNPJ in
// the same statement). The freight-cost manifest has no origin nor destination: a filter by either matches
// nothing (an empty page; the screen hides those filters on this tab). The page is one query with the
// driver's name (a join on the primary key), its count another.

const fuso = sql.raw(`'${FUSO_SAO_PAULO}'`);
const inicioDoDia = (dia: string) => sql`((${dia}::date)::timestamp at time zone ${fuso})`;
const inicioDoDiaSeguinte = (dia: string) => sql`(((${dia}::date) + 1)::timestamp at time zone ${fuso})`;

/** Some item of the manifest satisfies `condicao` (on romaneio_item). */
const algumItem = (condicao: SQL) => sql`exists (select 1 from ${romaneioItem} where ${romaneioItem.romaneioId} = ${romaneio.id} and ${condicao})`;

export function filtroRomaneios(q: Omit<RomaneioListaQuery, 'page' | 'size'>): SQL {
  if (q.origem !== undefined || q.destino !== undefined) return sql`false`;
  const condicoes: (SQL | undefined)[] = [
    q.inicio ? sql`${romaneio.dataEmissao} >= ${inicioDoDia(q.inicio)}` : undefined,
    q.fim ? sql`${romaneio.dataEmissao} < ${inicioDoDiaSeguinte(q.fim)}` : undefined,
    q.numero !== undefined ? eq(romaneio.numero, q.numero) : undefined,
    q.status ? eq(romaneio.status, q.status) : undefined,
    q.pedido ? algumItem(sql`${romaneioItem.pedidoId} = ${q.pedido}`) : undefined,
    q.notaFiscal ? algumItem(sql`${romaneioItem.notaFiscalId} = ${q.notaFiscal}`) : undefined,
    q.transportadora !== undefined
      ? algumItem(sql`${romaneioItem.transportadora} = (select ${transportadora.cnpj} from ${transportadora} where ${transportadora.id} = ${q.transportadora})`)
      : undefined,
    q.cliente !== undefined ? algumItem(sql`${romaneioItem.cliente} = (select ${cliente.cpfCnpj} from ${cliente} where ${cliente.id} = ${q.cliente})`) : undefined,
  ];
  return and(...condicoes) ?? sql`true`;
}

const consultaLinhas = (db: Db) =>
  db
    .select({ id: romaneio.id, numero: romaneio.numero, status: romaneio.status, dataEmissao: romaneio.dataEmissao, motorista: motorista.nome, versao: romaneio.versao })
    .from(romaneio)
    .innerJoin(motorista, eq(motorista.id, romaneio.motoristaId));

const paraLinha = (l: Awaited<ReturnType<typeof consultaLinhas>>[number]): RomaneioLinha => ({
  id: l.id,
  numero: l.numero,
  status: l.status,
  dataEmissao: l.dataEmissao.toISOString(),
  transportadora: null,
  origem: null,
  destino: null,
  motorista: l.motorista,
  versao: l.versao,
});

/** GET /romaneios/listar-simples: the page (the newest first) and the count of every matching manifest. */
export async function listarRomaneios(db: Db, q: RomaneioListaQuery): Promise<Page<RomaneioLinha>> {
  const onde = filtroRomaneios(q);
  const offset = listOffset(q.page, q.size);
  const [linhas, [{ total }]] = await Promise.all([
    consultaLinhas(db).where(onde).orderBy(desc(romaneio.dataEmissao), desc(romaneio.id)).limit(q.size).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(romaneio).where(onde),
  ]);
  return pageOf(linhas.map(paraLinha), total, q.page, q.size);
}

/** A number prefix as integer ranges of romaneio_numero_idx (up to the int4 maximum). */
export const prefixoNumeroRomaneio = (digitos: string): SQL | undefined => prefixoNumeroSql(romaneio.numero, digitos, INTEIRO_MAXIMO);

/** GET /romaneios/listar?numero=: up to 20 manifests whose number starts with the digits, the exact one first, then the newest. */
export async function buscarRomaneiosPorNumero(db: Db, digitos: string, limite = 20): Promise<RomaneioLinha[]> {
  // Numbers start at 1 and are integer columns: nothing starts with 0 or lies beyond INTEIRO_MAXIMO (no ranges).
  const prefixo = prefixoNumeroRomaneio(digitos);
  if (!prefixo) return [];
  const linhas = await consultaLinhas(db)
    .where(prefixo)
    .orderBy(sql`(${romaneio.numero} = ${Number(digitos)}) desc`, desc(romaneio.dataEmissao), desc(romaneio.id))
    .limit(limite);
  return linhas.map(paraLinha);
}
