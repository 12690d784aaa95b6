import { and, desc, eq, exists, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { INTEIRO_MAXIMO, type Page } from '../../contracts/common';
import type { RomaneioLinha } from '../../contracts/romaneios';
import type { RomaneioListaQuery } from '../../contracts/romaneios-salvar';
import { FUSO_SAO_PAULO } from '../../domain/sao-paulo-date';
import type { Db } from '../db/database';
import { motorista } from '../db/schema/motorista';
import { romaneioOs, romaneioOsItem } from '../db/schema/romaneio-os';
import { transportadora } from '../db/schema/transportadora';
import { listOffset } from '../list/list-offset';
import { prefixoNumeroSql } from '../list/prefixo-numero';
import { pageOf } from '../list/page-of';
import { destinoOs, origemOs } from './ler-romaneio-os';
import { municipioCurto } from '../list/municipio-curto';

// GET /romaneios-colacril/listar-simples (spec 03 §2.7: filters, 50 a page) and /listar?numero= (the
// palette's "find a manifest by number"). Every filter is an indexed column of romaneio_os (period, número,
// status, origin, destination, carrier) or an EXISTS on an indexed column of its items (customer, order,
// invoice); the page is one query (left joins on primary keys) and the count another; the newest first.

const fuso = sql.raw(`'${FUSO_SAO_PAULO}'`);
/** Start of a São Paulo calendar day, and of the day after, as timestamptz (index-friendly). */
const inicioDoDia = (dia: string) => sql`((${dia}::date)::timestamp at time zone ${fuso})`;
const inicioDoDiaSeguinte = (dia: string) => sql`(((${dia}::date) + 1)::timestamp at time zone ${fuso})`;

const doItem = (db: Db, condicao: SQL) =>
  exists(
    db
      .select({ x: sql`1` })
      .from(romaneioOsItem)
      .where(and(eq(romaneioOsItem.romaneioOsId, romaneioOs.id), condicao)),
  );

/** The WHERE of the list. */
export function filtroRomaneiosOs(db: Db, q: Omit<RomaneioListaQuery, 'page' | 'size'>): SQL | undefined {
  return and(
    q.inicio ? gte(romaneioOs.dataEmissao, inicioDoDia(q.inicio)) : undefined,
    q.fim ? lt(romaneioOs.dataEmissao, inicioDoDiaSeguinte(q.fim)) : undefined,
    q.numero !== undefined ? eq(romaneioOs.numero, q.numero) : undefined,
    q.status ? eq(romaneioOs.status, q.status) : undefined,
    q.origem !== undefined ? eq(romaneioOs.origemId, q.origem) : undefined,
    q.destino !== undefined ? eq(romaneioOs.destinoId, q.destino) : undefined,
    q.transportadora !== undefined ? eq(romaneioOs.transportadoraId, q.transportadora) : undefined,
    q.cliente !== undefined ? doItem(db, eq(romaneioOsItem.clienteId, q.cliente)) : undefined,
    q.pedido ? doItem(db, eq(romaneioOsItem.pedidoId, q.pedido)) : undefined,
    q.notaFiscal ? doItem(db, eq(romaneioOsItem.notaFiscalId, q.notaFiscal)) : undefined,
  );
}

/** SELECT of list rows; the caller adds WHERE, ORDER BY and LIMIT. */
const consultaLinhas = (db: Db) =>
  db
    .select({
      id: romaneioOs.id,
      numero: romaneioOs.numero,
      status: romaneioOs.status,
      dataEmissao: romaneioOs.dataEmissao,
      transportadora: transportadora.razaoSocial,
      origemNome: origemOs.nome,
      origemUf: origemOs.siglaUf,
      destinoNome: destinoOs.nome,
      destinoUf: destinoOs.siglaUf,
      motorista: motorista.nome,
      versao: romaneioOs.versao,
    })
    .from(romaneioOs)
    .leftJoin(transportadora, eq(transportadora.id, romaneioOs.transportadoraId))
    .leftJoin(origemOs, eq(origemOs.id, romaneioOs.origemId))
    .leftJoin(destinoOs, eq(destinoOs.id, romaneioOs.destinoId))
    .leftJoin(motorista, eq(motorista.id, romaneioOs.motoristaId))
    .$dynamic();

type LinhaBanco = Awaited<ReturnType<ReturnType<typeof consultaLinhas>['execute']>>[number];


const paraLinha = (l: LinhaBanco): RomaneioLinha => ({
  id: l.id,
  numero: l.numero,
  status: l.status,
  dataEmissao: l.dataEmissao.toISOString(),
  transportadora: l.transportadora,
  origem: municipioCurto(l.origemNome, l.origemUf),
  destino: municipioCurto(l.destinoNome, l.destinoUf),
  motorista: l.motorista,
  versao: l.versao,
});

/** GET /romaneios-colacril/listar-simples: a page, the newest first (romaneio_os_emissao_idx as it is). */
export async function listarRomaneiosOs(db: Db, q: RomaneioListaQuery): Promise<Page<RomaneioLinha>> {
  const onde = filtroRomaneiosOs(db, q);
  const offset = listOffset(q.page, q.size);
  const [linhas, [{ total }]] = await Promise.all([
    consultaLinhas(db).where(onde).orderBy(desc(romaneioOs.dataEmissao), desc(romaneioOs.id)).limit(q.size).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(romaneioOs).where(onde),
  ]);
  return pageOf(linhas.map(paraLinha), total, q.page, q.size);
}

/** GET /romaneios-colacril/listar?numero=: up to 20 manifests whose número starts with the digits, the exact one first, then the newest. */
export async function buscarRomaneiosOsPorNumero(db: Db, digitos: string, limite = 20): Promise<RomaneioLinha[]> {
  // Números start at 1: a prefix of zeros, or one above the column, names none.
  const prefixo = prefixoNumeroSql(romaneioOs.numero, digitos, INTEIRO_MAXIMO);
  if (!prefixo) return [];
  const linhas = await consultaLinhas(db)
    .where(prefixo)
    .orderBy(sql`(${romaneioOs.numero} = ${Number(digitos)}) desc`, desc(romaneioOs.dataEmissao), desc(romaneioOs.id))
    .limit(limite);
  return linhas.map(paraLinha);
}
