import Decimal from 'decimal.js';
import { proximoStatusItem, statusInicialItem } from '../../../../../machines/romaneio-os';
import type { DadosItemRomaneioOs, NotaFiscalListagem, OrdemServicoListagem } from '../../../../contracts/ordens-servico';
import type { ItemEmEdicao } from './romaneio-os-form';

// How picked service-order lines and invoices become manifest items (spec 03 §3 "Service-order manifest":
// item origem OS → EXPEDIDO, NOTA_FISCAL → FATURADO), and how the /ordens-servico/preencher-dados-* answers
// fill them (their fields that are not null).

/** What an item stands for in the pickers: its O.S. (all its lines) or its invoice; a row whose key is here is already in. */
export const chaveOs = (os: number | string) => `os:${os}`;
export const chaveNf = (nf: string) => `nf:${nf}`;

export function chavesDoItem(i: ItemEmEdicao): string[] {
  if (i.origem === 'NOTA_FISCAL') return i.notaFiscalId ? [chaveNf(i.notaFiscalId)] : [];
  return i.ordensServico.map(chaveOs);
}

/** The next item number (1 when there is none). */
export const proximoNumeroItem = (itens: readonly ItemEmEdicao[]) => itens.reduce((m, i) => Math.max(m, i.item), 0) + 1;

const vazio = {
  observacao: null,
  cliente: null,
  clienteRetira: false,
  redespacho: null,
  quantidadeM2: null,
  pesoLiquido: null,
  pesoBruto: null,
  volumes: null,
  frete: null,
  valorNotaFiscal: null,
  notaFiscalId: null,
  dataEntrega: null,
} as const;

const soma = (valores: (string | null)[]) => {
  const presentes = valores.filter((v): v is string => Boolean(v));
  return presentes.length ? presentes.reduce((t, v) => t.plus(v), new Decimal(0)).toFixed(3).replace(/\.?0+$/, '') : null;
};

/** The register's customer of a picked line: saved with the item, so the manifest shows the name when reopened. */
const clienteDoCadastro = (l: { clienteCadastroId: number | null; clienteRazaoSocial: string | null }): ItemEmEdicao['cliente'] =>
  l.clienteCadastroId === null ? null : { id: l.clienteCadastroId, vwCliente: { razaoSocial: l.clienteRazaoSocial ?? '' } };

/**
 * The lines picked of one service order: one EXPEDIDO item of origem OS (the O.S.'s weights and volumes are
 * the O.S.'s, not its lines', so an O.S. is one item: its lines' m² and freight add up).
 */
export function itemDaOs(linhas: readonly OrdemServicoListagem[], item: number): ItemEmEdicao {
  const [l] = linhas;
  const itensPedido = [...new Set(linhas.map((x) => x.itemId))];
  const frete = soma(linhas.map((x) => x.frete));
  return {
    ...vazio,
    item,
    itemId: itensPedido.length === 1 ? itensPedido[0] : null,
    pedidoId: l.pedidoId,
    cliente: clienteDoCadastro(l),
    clienteNome: l.clienteRazaoSocial,
    quantidadeM2: soma(linhas.map((x) => x.m2)),
    frete: frete && new Decimal(frete).toFixed(2),
    unidade: 'DESCONHECIDO',
    status: statusInicialItem('OS'),
    origem: 'OS',
    ordensServico: [String(l.ordemServico)],
    dataEntrega: l.dataEntrega,
  };
}

/** An invoice picked: a FATURADO item of origem NOTA_FISCAL. */
export function itemDaNota(l: NotaFiscalListagem, item: number): ItemEmEdicao {
  return {
    ...vazio,
    item,
    itemId: null,
    pedidoId: l.pedidoId,
    cliente: clienteDoCadastro(l),
    clienteNome: l.clienteRazaoSocial,
    frete: l.frete,
    volumes: l.volumes,
    unidade: l.unidade,
    pesoBruto: l.pesoBruto,
    pesoLiquido: l.pesoLiquido,
    notaFiscalId: l.notaFiscalId,
    status: statusInicialItem('NOTA_FISCAL'),
    origem: 'NOTA_FISCAL',
    ordensServico: [],
  };
}

/**
 * The item with the lookup's fields that are not null. An item of an O.S. that gets its invoice this way
 * is invoiced (EXPEDIDO → FATURADO, machines/romaneio-os.ts).
 */
export function comDados(i: ItemEmEdicao, d: DadosItemRomaneioOs): ItemEmEdicao {
  const novo: ItemEmEdicao = { ...i };
  for (const [campo, valor] of Object.entries(d) as [keyof DadosItemRomaneioOs, unknown][]) {
    if (valor === null || valor === undefined) continue;
    if (campo === 'ordensServico' && (valor as string[]).length === 0) continue;
    (novo as unknown as Record<string, unknown>)[campo] = valor;
  }
  return comNota(novo);
}

/** An EXPEDIDO item with an invoice becomes FATURADO. */
export function comNota(i: ItemEmEdicao): ItemEmEdicao {
  if (!i.notaFiscalId?.trim() || i.status !== 'EXPEDIDO') return i;
  return { ...i, status: proximoStatusItem(i.status, { type: 'FATURAR' }) ?? i.status };
}

/** A cancelled item (it counts for nothing: weight, invoices). */
export const cancelado = (i: ItemEmEdicao): ItemEmEdicao => ({ ...i, status: proximoStatusItem(i.status, { type: 'CANCELAR' }) ?? i.status });

export const nomeCliente = (i: ItemEmEdicao) => i.cliente?.vwCliente.razaoSocial ?? i.clienteNome ?? '';
