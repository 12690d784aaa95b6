import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DESTINO_PADRAO_ROMANEIO_OS, ORIGEM_PADRAO_ROMANEIO_OS, type ItemRomaneioOs, type MunicipioRomaneio, type RomaneioOs } from '../../contracts/romaneios';
import { formatarCpf } from '../../domain/cpf';
import type { Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { motorista } from '../db/schema/motorista';
import { municipio } from '../db/schema/municipio';
import { romaneioOs, romaneioOsItem } from '../db/schema/romaneio-os';
import { transportadora } from '../db/schema/transportadora';
import { tipoVeiculo } from '../db/schema/veiculo';
import { ApiError } from '../http/api-error';
import { relogio } from '../../domain/relogio';

// GET /romaneios-colacril/{id} (spec 03 §3 "Service-order manifest") and /new. Two queries whatever the
// items: the header with its carrier, driver, vehicle type and municipalities (left joins on primary keys),
// and the items with their customer and redispatch carrier. The print (documento-romaneio-os.ts) reads the
// same two.

export const MSG_ROMANEIO_OS_NAO_ENCONTRADO = 'Romaneio não encontrado.';
export const romaneioOsNaoEncontrado = () => new ApiError(404, [MSG_ROMANEIO_OS_NAO_ENCONTRADO]);

export const origemOs = alias(municipio, 'origem');
export const destinoOs = alias(municipio, 'destino');
const redespacho = alias(transportadora, 'redespacho');

const colunasMunicipio = (m: typeof origemOs | typeof destinoOs) => ({ id: m.id, codigo: m.codigo, nome: m.nome, siglaUf: m.siglaUf });
type MunicipioBanco = { id: number | null; codigo: number | null; nome: string | null; siglaUf: string | null } | null;
const paraMunicipio = (m: MunicipioBanco): MunicipioRomaneio | null => (m?.id == null ? null : { id: m.id, codigo: m.codigo!, nome: m.nome!, siglaUf: m.siglaUf! });

/** The header row with what the dialog and the print show of its references. */
export function cabecalhoOs(db: Db, id: number) {
  return db
    .select({
      r: romaneioOs,
      transportadora: { id: transportadora.id, razaoSocial: transportadora.razaoSocial, cnpj: transportadora.cnpj },
      motorista: { id: motorista.id, nome: motorista.nome, cpf: motorista.cpf, cnh: motorista.cnh, rntnc: motorista.rntnc },
      tipoVeiculo: { id: tipoVeiculo.id, descricao: tipoVeiculo.descricao, capacidade: tipoVeiculo.capacidade },
      origem: colunasMunicipio(origemOs),
      destino: colunasMunicipio(destinoOs),
    })
    .from(romaneioOs)
    .leftJoin(transportadora, eq(transportadora.id, romaneioOs.transportadoraId))
    .leftJoin(motorista, eq(motorista.id, romaneioOs.motoristaId))
    .leftJoin(tipoVeiculo, eq(tipoVeiculo.id, romaneioOs.tipoVeiculoId))
    .leftJoin(origemOs, eq(origemOs.id, romaneioOs.origemId))
    .leftJoin(destinoOs, eq(destinoOs.id, romaneioOs.destinoId))
    .where(eq(romaneioOs.id, id));
}
export type CabecalhoOs = Awaited<ReturnType<typeof cabecalhoOs>>[number];

/** The items, by number, with the customer's and the redispatch carrier's names. */
export function itensOs(db: Db, id: number) {
  return db
    .select({
      i: romaneioOsItem,
      cliente: { id: cliente.id, razaoSocial: cliente.razaoSocial },
      redespacho: { id: redespacho.id, razaoSocial: redespacho.razaoSocial },
    })
    .from(romaneioOsItem)
    .leftJoin(cliente, eq(cliente.id, romaneioOsItem.clienteId))
    .leftJoin(redespacho, eq(redespacho.id, romaneioOsItem.redespachoId))
    .where(eq(romaneioOsItem.romaneioOsId, id))
    .orderBy(asc(romaneioOsItem.item));
}
export type ItemOsBanco = Awaited<ReturnType<typeof itensOs>>[number];

/** Both queries at once; 404 when the manifest does not exist. */
export async function lerRomaneioOsBruto(db: Db, id: number): Promise<{ cabecalho: CabecalhoOs; itens: ItemOsBanco[] }> {
  const [[cabecalho], itens] = await Promise.all([cabecalhoOs(db, id), itensOs(db, id)]);
  if (!cabecalho) throw romaneioOsNaoEncontrado();
  return { cabecalho, itens };
}

const paraItem = ({ i, cliente: c, redespacho: rd }: ItemOsBanco): ItemRomaneioOs => ({
  item: i.item,
  itemId: i.itemId,
  pedidoId: i.pedidoId,
  observacao: i.observacao,
  cliente: c ? { id: c.id, vwCliente: { razaoSocial: c.razaoSocial } } : null,
  clienteRetira: i.clienteRetira,
  redespacho: rd ? { id: rd.id, nome: rd.razaoSocial } : null,
  quantidadeM2: i.quantidadeM2,
  pesoLiquido: i.pesoLiquido,
  pesoBruto: i.pesoBruto,
  volumes: i.volumes,
  frete: i.frete,
  unidade: i.unidade,
  valorNotaFiscal: i.valorNotaFiscal,
  notaFiscalId: i.notaFiscalId,
  status: i.status,
  origem: i.origem,
  ordensServico: i.ordensServico,
  dataEntrega: i.dataEntrega,
});

export function paraRomaneioOs(cabecalho: CabecalhoOs, itens: ItemOsBanco[]): RomaneioOs {
  const { r, transportadora: t, motorista: m, tipoVeiculo: tv } = cabecalho;
  return {
    id: r.id,
    numero: r.numero,
    status: r.status,
    dataEmissao: r.dataEmissao.toISOString(),
    transportadora: t ? { id: t.id, nome: t.razaoSocial } : null,
    motorista: m ? { id: m.id, nome: m.nome, cpfFormatado: formatarCpf(m.cpf), cnh: m.cnh } : null,
    lacre: r.lacre,
    tipoVeiculo: tv ? { id: tv.id, nome: tv.descricao, capacidade: tv.capacidade } : null,
    origem: paraMunicipio(cabecalho.origem),
    destino: paraMunicipio(cabecalho.destino),
    placaCarreta: r.placaCarreta,
    placaCavalo: r.placaCavalo,
    observacao: r.observacao,
    itens: itens.map(paraItem),
    versao: r.versao,
  };
}

/** The whole manifest, or 404. */
export async function lerRomaneioOs(db: Db, id: number): Promise<RomaneioOs> {
  const { cabecalho, itens } = await lerRomaneioOsBruto(db, id);
  return paraRomaneioOs(cabecalho, itens);
}

/**
 * GET /romaneios-colacril/new: not saved, EXPEDICAO, issued now, origin and destination preset to the IBGE
 * codes of spec §5 (our reading: Campo Mourão, 4104303, the origin; São Paulo, 3550308, the destination)
 * when the register has them (one query).
 */
export async function romaneioOsNovo(db: Db, agora = relogio.agora()): Promise<RomaneioOs> {
  const municipios = await db
    .select({ id: municipio.id, codigo: municipio.codigo, nome: municipio.nome, siglaUf: municipio.siglaUf })
    .from(municipio)
    .where(inArray(municipio.codigo, [ORIGEM_PADRAO_ROMANEIO_OS, DESTINO_PADRAO_ROMANEIO_OS]));
  const porCodigo = (codigo: number) => municipios.find((m) => m.codigo === codigo) ?? null;
  return {
    id: null,
    numero: null,
    status: 'EXPEDICAO',
    dataEmissao: agora.toISOString(),
    transportadora: null,
    motorista: null,
    lacre: null,
    tipoVeiculo: null,
    origem: porCodigo(ORIGEM_PADRAO_ROMANEIO_OS),
    destino: porCodigo(DESTINO_PADRAO_ROMANEIO_OS),
    placaCarreta: null,
    placaCavalo: null,
    observacao: null,
    itens: [],
    versao: 0,
  };
}
