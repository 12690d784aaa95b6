import { sql, type SQL } from 'drizzle-orm';
import {
  MSG_DESTINO_NAO_INFORMADO,
  MSG_MOTORISTA_NAO_INFORMADO,
  MSG_ORIGEM_NAO_INFORMADA,
  MSG_TIPO_VEICULO_NAO_INFORMADO,
  MSG_TRANSPORTADORA_NAO_INFORMADA,
} from '../../contracts/romaneios';
import type { RomaneioOsSalvar } from '../../contracts/romaneios-salvar';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { cliente } from '../db/schema/cliente';
import { motorista } from '../db/schema/motorista';
import { municipio } from '../db/schema/municipio';
import { transportadora } from '../db/schema/transportadora';
import { tipoVeiculo } from '../db/schema/veiculo';
import { badRequest } from '../http/api-error';

// A saved service-order manifest points at a carrier, a driver, a vehicle type, two municipalities and, per
// item, a redispatch carrier and a customer, by id. An id the company does not have answers 400 (the foreign
// key would answer 500) before anything is written: the header's fields with the messages of spec §5 (the
// picked entity is not there, so it is "not given"), the items' naming the item. One query for all of them;
// it also reads the vehicle type's capacity (the weight limit).

export const mensagemRedespachoInexistente = (item: number) => `Item ${item}: transportadora de redespacho não encontrada; escolha uma transportadora cadastrada.`;
export const mensagemClienteItemInexistente = (item: number) => `Item ${item}: cliente não encontrado; escolha um cliente cadastrado.`;

const listaInt = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
const existe = (tabela: SQL, id: number) => sql`exists(select 1 from ${tabela} where id = ${id})`;
/** The ids among `ids` that exist, as a JSON array (one sub-select, whatever the count). */
const existentes = (tabela: SQL, ids: readonly number[]) => sql`(select coalesce(json_agg(id), '[]'::json) from ${tabela} where id = any(${listaInt(ids)}))`;

interface Existencia {
  transportadora: boolean;
  motorista: boolean;
  tipo_veiculo: boolean;
  capacidade: string | null;
  origem: boolean;
  destino: boolean;
  redespachos: number[] | string;
  clientes: number[] | string;
}

const comoLista = (v: number[] | string): number[] => (typeof v === 'string' ? (JSON.parse(v) as number[]) : v);

/** Throws 400 listing every reference of `m` that does not exist; answers the vehicle type's capacity (kg). */
export async function conferirReferenciasOs(db: Db, m: RomaneioOsSalvar): Promise<{ capacidade: string | null }> {
  const redespachos = [...new Set(m.itens.flatMap((it) => (it.redespacho ? [it.redespacho.id] : [])))];
  const clientes = [...new Set(m.itens.flatMap((it) => (it.cliente ? [it.cliente.id] : [])))];
  const t = sql`${transportadora}`;
  const mun = sql`${municipio}`;
  const resultado = await db.execute(sql`
    select ${existe(t, m.transportadora.id)} as transportadora,
           ${existe(sql`${motorista}`, m.motorista.id)} as motorista,
           ${existe(sql`${tipoVeiculo}`, m.tipoVeiculo.id)} as tipo_veiculo,
           (select capacidade::text from ${tipoVeiculo} where id = ${m.tipoVeiculo.id}) as capacidade,
           ${existe(mun, m.origem.id)} as origem,
           ${existe(mun, m.destino.id)} as destino,
           ${existentes(t, redespachos)} as redespachos,
           ${existentes(sql`${cliente}`, clientes)} as clientes`);
  const [r] = linhas<Existencia>(resultado);
  const haRedespacho = new Set(comoLista(r.redespachos));
  const haCliente = new Set(comoLista(r.clientes));
  const faltam = [
    r.transportadora ? null : MSG_TRANSPORTADORA_NAO_INFORMADA,
    r.motorista ? null : MSG_MOTORISTA_NAO_INFORMADO,
    r.tipo_veiculo ? null : MSG_TIPO_VEICULO_NAO_INFORMADO,
    r.origem ? null : MSG_ORIGEM_NAO_INFORMADA,
    r.destino ? null : MSG_DESTINO_NAO_INFORMADO,
    ...m.itens.flatMap((it, i) => [
      it.redespacho && !haRedespacho.has(it.redespacho.id) ? mensagemRedespachoInexistente(i + 1) : null,
      it.cliente && !haCliente.has(it.cliente.id) ? mensagemClienteItemInexistente(i + 1) : null,
    ]),
  ].filter((x): x is string => x !== null);
  if (faltam.length) throw badRequest(...faltam);
  return { capacidade: r.capacidade };
}
