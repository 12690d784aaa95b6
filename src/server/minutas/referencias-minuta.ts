import { sql, type SQL } from 'drizzle-orm';
import type { MinutaSalvar } from '../../contracts/minutas';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { cliente } from '../db/schema/cliente';
import { municipio } from '../db/schema/municipio';
import { transportadora } from '../db/schema/transportadora';
import { badRequest } from '../http/api-error';

// A saved minuta points at a carrier, two municipalities and a client by id. An id the company does not have
// answers 400 naming the field (the foreign key would answer 500), before anything is written.

export const mensagemTransportadoraInexistente = (id: number) => `Transportadora não encontrada (id ${id}): escolha uma transportadora cadastrada.`;
export const mensagemOrigemInexistente = (id: number) => `Município de origem não encontrado (id ${id}): escolha um município cadastrado.`;
export const mensagemDestinoInexistente = (id: number) => `Município de destino não encontrado (id ${id}): escolha um município cadastrado.`;
export const mensagemClienteInexistente = (id: number) => `Cliente não encontrado (id ${id}): escolha um cliente cadastrado.`;

type Campo = 'transportadora' | 'origem' | 'destino' | 'cliente';

const TABELAS: Record<Campo, { tabela: SQL; mensagem: (id: number) => string }> = {
  transportadora: { tabela: sql`${transportadora}`, mensagem: mensagemTransportadoraInexistente },
  origem: { tabela: sql`${municipio}`, mensagem: mensagemOrigemInexistente },
  destino: { tabela: sql`${municipio}`, mensagem: mensagemDestinoInexistente },
  cliente: { tabela: sql`${cliente}`, mensagem: mensagemClienteInexistente },
};

/** Throws 400 listing every reference of `m` that does not exist (one query for all four). */
export async function conferirReferencias(db: Db, m: Pick<MinutaSalvar, Campo>): Promise<void> {
  const dadas = (Object.keys(TABELAS) as Campo[]).flatMap((campo) => (m[campo] ? [{ campo, id: m[campo].id }] : []));
  if (!dadas.length) return;
  const existe = dadas.map(({ campo, id }) => sql`exists(select 1 from ${TABELAS[campo].tabela} where id = ${id}) as ${sql.identifier(campo)}`);
  const resultado = await db.execute(sql`select ${sql.join(existe, sql`, `)}`);
  const [linha] = linhas<Record<Campo, boolean>>(resultado);
  const faltam = dadas.filter(({ campo }) => !linha[campo]).map(({ campo, id }) => TABELAS[campo].mensagem(id));
  if (faltam.length) throw badRequest(...faltam);
}
