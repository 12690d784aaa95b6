import { eq, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { MinutaLinha } from '../../contracts/minutas';
import type { Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { minuta } from '../db/schema/minuta';
import { municipio } from '../db/schema/municipio';
import { transportadora } from '../db/schema/transportadora';
import { municipioCurto } from '../list/municipio-curto';

// The list row of a minuta (spec 03 §2.5 columns; GET /minutas and /minutas/listar): the minuta with its
// carrier, client and the names of its two municipalities, in one query (left joins on primary keys).

export const origem = alias(municipio, 'origem');
export const destino = alias(municipio, 'destino');

const colunasMinutaLinha = {
  id: minuta.id,
  status: minuta.status,
  fatura: minuta.fatura,
  numero: minuta.numero,
  serie: minuta.serie,
  chave: minuta.chave,
  dataEmissao: minuta.dataEmissao,
  clienteId: cliente.id,
  clienteRazaoSocial: cliente.razaoSocial,
  transportadoraId: transportadora.id,
  transportadoraRazaoSocial: transportadora.razaoSocial,
  origemNome: origem.nome,
  origemUf: origem.siglaUf,
  destinoNome: destino.nome,
  destinoUf: destino.siglaUf,
  peso: minuta.peso,
  valorTotalFrete: minuta.valorTotalFrete,
  cnpjTomador: minuta.cnpjTomador,
  cnpjRemetente: minuta.cnpjRemetente,
  quantidadeNotasFiscais: minuta.quantidadeNotasFiscais,
  quantidadeElementosCusto: minuta.quantidadeElementosCusto,
  cteId: minuta.cteId,
  versao: minuta.versao,
};

/** SELECT of list rows; the caller adds WHERE, ORDER BY and LIMIT. */
export const consultaLinhas = (db: Db) =>
  db
    .select(colunasMinutaLinha)
    .from(minuta)
    .leftJoin(transportadora, eq(transportadora.id, minuta.transportadoraId))
    .leftJoin(cliente, eq(cliente.id, minuta.clienteId))
    .leftJoin(origem, eq(origem.id, minuta.origemId))
    .leftJoin(destino, eq(destino.id, minuta.destinoId))
    .$dynamic();

type LinhaBanco = Awaited<ReturnType<ReturnType<typeof consultaLinhas>['execute']>>[number];


export function paraMinutaLinha(l: LinhaBanco): MinutaLinha {
  return {
    id: l.id,
    status: l.status,
    fatura: l.fatura,
    numero: l.numero,
    serie: l.serie,
    chave: l.chave,
    dataEmissao: l.dataEmissao,
    cliente: l.clienteId === null ? null : { id: l.clienteId, razaoSocial: l.clienteRazaoSocial ?? '' },
    transportadora: l.transportadoraId === null ? null : { id: l.transportadoraId, razaoSocial: l.transportadoraRazaoSocial ?? '' },
    origem: municipioCurto(l.origemNome, l.origemUf),
    destino: municipioCurto(l.destinoNome, l.destinoUf),
    peso: l.peso,
    valorTotalFrete: l.valorTotalFrete,
    cnpjTomador: l.cnpjTomador,
    cnpjRemetente: l.cnpjRemetente,
    quantidadeNotasFiscais: l.quantidadeNotasFiscais,
    quantidadeElementosCusto: l.quantidadeElementosCusto,
    cteId: l.cteId,
    versao: l.versao,
  };
}

/**
 * `coluna = any('{1,2,3}'::int[])`: one parameter however many ids (a confirmation takes up to 5,000), so
 * the statement stays small and the primary key still serves it.
 */
export const idEmLista = (coluna: PgColumn, ids: readonly number[]): SQL => sql`${coluna} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
