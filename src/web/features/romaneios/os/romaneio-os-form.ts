import Decimal from 'decimal.js';
import type { EstadoRomaneio } from '../../../../../machines/romaneio-frete';
import type { StatusRomaneio } from '../../../../contracts/romaneio-status';
import {
  mensagemNotaNaoInformadaOs,
  PLACA_MAXIMO,
  type ItemRomaneioOs,
  type MotoristaRomaneio,
  type MunicipioRomaneio,
  type RefRomaneio,
  type RomaneioOs,
} from '../../../../contracts/romaneios';
import type { RomaneioOsSalvarEntrada } from '../../../../contracts/romaneios-salvar';

/** An item as the dialog holds it: `clienteNome` shows the picker's customer until a lookup brings the register. */
export type ItemEmEdicao = ItemRomaneioOs & { clienteNome?: string | null };

export type TipoVeiculoRomaneio = NonNullable<RomaneioOs['tipoVeiculo']>;

/** The manifest as the dialog edits it (spec 03 §3 "Service-order manifest"): texts '' when empty. */
export interface RomaneioOsEmEdicao {
  transportadora: RefRomaneio | null;
  motorista: MotoristaRomaneio | null;
  lacre: string;
  tipoVeiculo: TipoVeiculoRomaneio | null;
  origem: MunicipioRomaneio | null;
  destino: MunicipioRomaneio | null;
  placaCarreta: string;
  placaCavalo: string;
  observacao: string;
  itens: ItemEmEdicao[];
}

export function paraEdicao(r: RomaneioOs): RomaneioOsEmEdicao {
  return {
    transportadora: r.transportadora,
    motorista: r.motorista,
    lacre: r.lacre ?? '',
    tipoVeiculo: r.tipoVeiculo,
    origem: r.origem,
    destino: r.destino,
    placaCarreta: r.placaCarreta ?? '',
    placaCavalo: r.placaCavalo ?? '',
    observacao: r.observacao ?? '',
    itens: r.itens,
  };
}

/** The lifecycle state of a manifest (machines/romaneio-os.ts): a manifest never saved is NOVO. */
export const estadoDe = (r: Pick<RomaneioOs, 'id' | 'status'>): EstadoRomaneio => (r.id === null ? 'NOVO' : r.status);

const ref = (r: { id: number } | null) => (r ? { id: r.id } : null);
const texto = (v: string | null | undefined) => v?.trim() || null;

function itemParaSalvar(i: ItemEmEdicao): RomaneioOsSalvarEntrada['itens'][number] {
  return {
    itemId: i.itemId,
    pedidoId: i.pedidoId,
    observacao: texto(i.observacao),
    cliente: ref(i.cliente),
    clienteRetira: i.clienteRetira,
    redespacho: ref(i.redespacho),
    quantidadeM2: i.quantidadeM2,
    pesoLiquido: texto(i.pesoLiquido),
    pesoBruto: texto(i.pesoBruto),
    volumes: i.volumes,
    frete: texto(i.frete),
    unidade: i.unidade,
    valorNotaFiscal: texto(i.valorNotaFiscal),
    notaFiscalId: texto(i.notaFiscalId),
    status: i.status,
    origem: i.origem,
    ordensServico: i.ordensServico,
    dataEntrega: i.dataEntrega,
  };
}

/** POST /romaneios-colacril's body with the status the manifest should have afterwards (spec §4). */
export function paraSalvar(r: RomaneioOs, e: RomaneioOsEmEdicao, status: StatusRomaneio): RomaneioOsSalvarEntrada {
  return {
    ...(r.id !== null ? { id: r.id } : {}),
    status,
    transportadora: ref(e.transportadora) as RomaneioOsSalvarEntrada['transportadora'],
    motorista: ref(e.motorista) as RomaneioOsSalvarEntrada['motorista'],
    lacre: e.lacre,
    tipoVeiculo: ref(e.tipoVeiculo) as RomaneioOsSalvarEntrada['tipoVeiculo'],
    origem: ref(e.origem) as RomaneioOsSalvarEntrada['origem'],
    destino: ref(e.destino) as RomaneioOsSalvarEntrada['destino'],
    placaCarreta: texto(e.placaCarreta),
    placaCavalo: texto(e.placaCavalo),
    observacao: texto(e.observacao),
    itens: e.itens.map(itemParaSalvar),
    versao: r.versao,
  };
}

const ativos = (itens: readonly ItemRomaneioOs[]) => itens.filter((i) => i.status !== 'CANCELADO');

/** Spec §5: the summed gross weight of the items (a cancelled one counts for nothing). */
export function pesoBrutoTotal(itens: readonly ItemRomaneioOs[]): Decimal {
  return ativos(itens).reduce((total, i) => total.plus(new Decimal(i.pesoBruto || 0)), new Decimal(0));
}

/** Spec §5: 'Ultrapassou o limite de peso do veículo' when the weight exceeds the vehicle type's capacity (a warning). */
export function excedeLimitePeso(itens: readonly ItemRomaneioOs[], tipo: TipoVeiculoRomaneio | null): boolean {
  if (!tipo?.capacidade) return false;
  return pesoBrutoTotal(itens).greaterThan(new Decimal(tipo.capacidade));
}

/**
 * Spec §5: finalizing needs an invoice on every item that is not cancelled: one message per item lacking it,
 * named as the server names it (its first O.S., else its number).
 */
export function mensagensNotaFaltando(itens: readonly ItemRomaneioOs[]): string[] {
  const faltando = ativos(itens).filter((i) => !i.notaFiscalId?.trim());
  return [...new Set(faltando.map((i) => mensagemNotaNaoInformadaOs(i.ordensServico[0] ?? i.item)))];
}

/** Spec §5: items are added only once carrier, origin, destination and vehicle type are set: what is missing. */
export function faltaParaItens(e: Pick<RomaneioOsEmEdicao, 'transportadora' | 'origem' | 'destino' | 'tipoVeiculo'>): string[] {
  const faltas: [unknown, string][] = [
    [e.transportadora, 'a transportadora'],
    [e.origem, 'o município de origem'],
    [e.destino, 'o município de destino'],
    [e.tipoVeiculo, 'o tipo de veículo'],
  ];
  return faltas.filter(([v]) => !v).map(([, nome]) => nome);
}

/** "Informe a transportadora e o tipo de veículo para adicionar itens." */
export function dicaAdicionarItens(faltas: readonly string[]): string {
  const lista = faltas.length > 1 ? `${faltas.slice(0, -1).join(', ')} e ${faltas.at(-1)}` : (faltas[0] ?? '');
  return `Informe ${lista} para adicionar itens.`;
}

/** Upper-cased letters and digits, at most 7 (spec §3: plates upper-cased, max 7). */
export const placaDigitada = (v: string) => v.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, PLACA_MAXIMO);
