import Decimal from 'decimal.js';
import type { DetalheItemRomaneio, ItemRomaneioFrete, MotoristaRomaneio, RomaneioFrete, VeiculoRomaneio } from '../../../contracts/romaneios';
import type { StatusRomaneio } from '../../../contracts/romaneio-status';
import { MSG_FRETE_PARA_FINALIZAR } from '../../../contracts/romaneios';
import { romaneioFreteSalvarSchema, type RomaneioFreteSalvarEntrada } from '../../../contracts/romaneios-salvar';
import { ratearFrete, type RateioItem } from '../../../domain/romaneios/ratear-frete';
import { chaveLocal } from '../../ui/local-list';

/** An item as the dialog edits it: the contract's item, volumes as typed, the customer's name once looked up. */
export interface ItemEmEdicao extends Omit<ItemRomaneioFrete, 'volumes'> {
  volumes: string;
  /** GET /romaneios/cliente-pedido's razão social (not saved: the item keeps the CNPJ). */
  clienteNome?: string | null;
}

/** The freight-cost manifest as the dialog edits it (spec 03 §3): texts '' when empty. */
export interface RomaneioEmEdicao {
  motorista: MotoristaRomaneio | null;
  veiculo: VeiculoRomaneio | null;
  valorColeta: string;
  valorFrete: string;
  valorPedagio: string;
  valorDescarga: string;
  valorOutros: string;
  observacao: string;
  itens: ItemEmEdicao[];
}

export const VALORES = [
  ['valorColeta', 'Valor da coleta'],
  ['valorFrete', 'Valor do frete'],
  ['valorPedagio', 'Valor do pedágio'],
  ['valorDescarga', 'Valor da descarga'],
  ['valorOutros', 'Outros valores'],
] as const;

/** Ours: the same invoice twice in the manifest being edited (the other manifests: contains-nf). */
export const MSG_NOTA_REPETIDA = 'Esta nota fiscal já está presente neste romaneio.';

export const paraItemEmEdicao = (i: ItemRomaneioFrete): ItemEmEdicao => ({ ...i, volumes: i.volumes === null ? '' : String(i.volumes) });

export function paraEdicao(r: RomaneioFrete): RomaneioEmEdicao {
  return {
    motorista: r.motorista,
    veiculo: r.veiculo,
    valorColeta: r.valorColeta ?? '',
    valorFrete: r.valorFrete ?? '',
    valorPedagio: r.valorPedagio ?? '',
    valorDescarga: r.valorDescarga ?? '',
    valorOutros: r.valorOutros ?? '',
    observacao: r.observacao ?? '',
    itens: r.itens.map(paraItemEmEdicao),
  };
}

const texto = (v: string) => v.trim() || null;

/** The body before its checks: the driver may still be missing ('O motorista é obrigatório'). */
export type CorpoRomaneio = Omit<RomaneioFreteSalvarEntrada, 'motorista'> & { motorista: { id: number } | null };

/** POST /romaneios's body (romaneioFreteSalvarSchema) with the target status; the freight shares are the server's. */
export function paraSalvar(r: RomaneioFrete, e: RomaneioEmEdicao, status: StatusRomaneio): CorpoRomaneio {
  return {
    ...(r.id !== null ? { id: r.id } : {}),
    status,
    motorista: e.motorista ? { id: e.motorista.id } : null,
    veiculo: e.veiculo ? { id: e.veiculo.id } : null,
    valorColeta: texto(e.valorColeta),
    valorFrete: texto(e.valorFrete),
    valorPedagio: texto(e.valorPedagio),
    valorDescarga: texto(e.valorDescarga),
    valorOutros: texto(e.valorOutros),
    observacao: texto(e.observacao),
    itens: e.itens.map((i) => ({
      notaFiscalId: texto(i.notaFiscalId),
      pedidoId: i.pedidoId,
      volumes: texto(i.volumes),
      peso: texto(i.peso),
      valorNotaFiscal: texto(i.valorNotaFiscal),
      cliente: i.cliente,
      transportadora: i.transportadora,
      semPedido: i.semPedido,
      detalhes: i.detalhes.map(({ linha, descricao, quantidade, unidade, valorTotalItem }) => ({ linha, descricao, quantidade, unidade, valorTotalItem })),
    })),
    versao: r.versao,
  };
}

/** Every message of the save at once (spec 01 §5): the schema's, and to finalize the freight value (spec 03 §5). */
export function mensagensDoSalvar(corpo: CorpoRomaneio): string[] {
  const lido = romaneioFreteSalvarSchema.safeParse(corpo);
  const mensagens = lido.success ? [] : lido.error.issues.map((i) => i.message);
  // The server's reading (src/server/romaneios/evento-romaneio.ts): the freight value given and above zero.
  if (corpo.status === 'FINALIZADO' && !(Number(corpo.valorFrete ?? 0) > 0)) mensagens.push(MSG_FRETE_PARA_FINALIZAR);
  return [...new Set(mensagens)];
}

/** The freight shares of the items as they stand (src/domain/romaneios/ratear-frete.ts); null while they cannot be computed. */
export function ratear(valorFrete: string, itens: readonly Pick<ItemEmEdicao, 'peso' | 'detalhes'>[]): RateioItem[] | null {
  if (itens.length === 0) return null;
  try {
    return ratearFrete(valorFrete.trim() || '0', itens.map((i) => ({ peso: i.peso.trim() || '0', detalhes: i.detalhes.map((d) => ({ valorTotalItem: d.valorTotalItem || '0' })) })));
  } catch {
    return null;
  }
}

/** The sum of the detail lines' values (the invoice value an item starts with). */
export const somaDetalhes = (detalhes: readonly Pick<DetalheItemRomaneio, 'valorTotalItem'>[]) =>
  detalhes.reduce((t, d) => t.plus(new Decimal(d.valorTotalItem || 0)), new Decimal(0)).toFixed(2);

/** Replaces the item with the same key, or appends it (items keep their sequence: a new one is the last). */
export function gravarItem(itens: readonly ItemEmEdicao[], item: ItemEmEdicao): ItemEmEdicao[] {
  const chave = chaveLocal(item);
  const i = itens.findIndex((x) => chaveLocal(x) === chave);
  return i >= 0 ? itens.map((x, j) => (j === i ? item : x)) : [...itens, item];
}
