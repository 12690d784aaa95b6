import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { DadosItemRomaneioOs, OrdemServicoLinha } from '../../contracts/ordens-servico';
import type { CompanyDatabase, Db } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { erpOrdensServicoDe, type ErpOrdemServico } from '../erp/erp-ordens-servico';
import { ApiError } from '../http/api-error';

// GET /ordens-servico/preencher-dados-fiscais-os/{os}, /preencher-dados-fiscais-nf/{nf} and
// /preencher-dados-peso-volume/{os} (spec 03 §7; contracts/ordens-servico.ts DadosItemRomaneioOs): what
// each knows of a manifest item; the dialog copies the fields that are not null. Our reading:
// - fiscais-os: the O.S.'s order (pedidoId; itemId: its first line's order item), customer, freight,
//   delivery date and, when it is invoiced, the invoice and its value (the O.S. lines' invoice values);
// - fiscais-nf: the invoice's order, customer, value, freight, weights, volumes and unit, and the O.S.
//   invoiced by it;
// - peso-volume: the O.S.'s weights, volumes, unit and m² (its lines' sum), and its delivery date.
// Every ERP read goes through the ERP layer (erpOrdensServicoDe: the O.S.'s header and lines at once; the
// invoice's data with the O.S. it invoiced in one statement). The ERP's clienteId becomes the register's
// cliente {id, vwCliente.razaoSocial} in one more query, when the register knows it.

export const mensagemOsNaoEncontrada = (os: number) => `Ordem de serviço ${os} não encontrada.`;
export const mensagemNfNaoEncontrada = (nf: string) => `Nota fiscal ${nf} não encontrada.`;

const VAZIO: DadosItemRomaneioOs = {
  pedidoId: null,
  itemId: null,
  cliente: null,
  notaFiscalId: null,
  valorNotaFiscal: null,
  frete: null,
  pesoBruto: null,
  pesoLiquido: null,
  volumes: null,
  unidade: null,
  quantidadeM2: null,
  ordensServico: [],
  dataEntrega: null,
};

/** The register's customer of an ERP clienteId (null when unknown to either). */
async function clienteDoCadastro(db: Db, clienteId: string | null): Promise<DadosItemRomaneioOs['cliente']> {
  if (!clienteId) return null;
  const [c] = await db.select({ id: cliente.id, razaoSocial: cliente.razaoSocial }).from(cliente).where(eq(cliente.clienteId, clienteId)).limit(1);
  return c ? { id: c.id, vwCliente: { razaoSocial: c.razaoSocial } } : null;
}

/** Σ of the lines' decimal strings, or null when none has one. */
function soma(valores: (string | null)[], casas: number): string | null {
  const dados = valores.filter((v): v is string => v !== null);
  return dados.length ? dados.reduce((s, v) => s.plus(v), new Decimal(0)).toFixed(casas) : null;
}

async function ordemComLinhas(banco: CompanyDatabase, os: number): Promise<{ ordem: ErpOrdemServico; linhas: OrdemServicoLinha[] }> {
  const erp = erpOrdensServicoDe(banco);
  const [ordem, linhas] = await Promise.all([erp.ordemServico(os), erp.linhasOrdemServico(os)]);
  if (!ordem) throw new ApiError(404, [mensagemOsNaoEncontrada(os)]);
  return { ordem, linhas };
}

export async function dadosFiscaisOs(banco: CompanyDatabase, os: number): Promise<DadosItemRomaneioOs> {
  const { ordem, linhas } = await ordemComLinhas(banco, os);
  return {
    ...VAZIO,
    pedidoId: ordem.pedidoId,
    itemId: linhas[0]?.itemPedidoId ?? null,
    cliente: await clienteDoCadastro(banco.db, ordem.clienteId),
    notaFiscalId: ordem.notaFiscalId,
    valorNotaFiscal: ordem.notaFiscalId ? soma(linhas.map((l) => l.valorNotaFiscalItem), 2) : null,
    frete: ordem.frete,
    ordensServico: [String(ordem.ordemServico)],
    dataEntrega: ordem.dataEntrega,
  };
}

export async function dadosPesoVolume(banco: CompanyDatabase, os: number): Promise<DadosItemRomaneioOs> {
  const { ordem, linhas } = await ordemComLinhas(banco, os);
  return {
    ...VAZIO,
    pesoBruto: ordem.pesoBruto,
    pesoLiquido: ordem.pesoLiquido,
    volumes: ordem.volumes,
    unidade: ordem.unidade,
    quantidadeM2: soma(linhas.map((l) => l.quantidadeM2), 3),
    ordensServico: [String(ordem.ordemServico)],
    dataEntrega: ordem.dataEntrega,
  };
}

/** The invoice and the O.S. it invoiced (the ERP layer, one statement), then the register's customer (one more). */
export async function dadosFiscaisNf(banco: CompanyDatabase, nf: string, env: NodeJS.ProcessEnv = process.env): Promise<DadosItemRomaneioOs> {
  const nota = await erpOrdensServicoDe(banco, env).dadosNotaFiscal(nf);
  if (!nota) throw new ApiError(404, [mensagemNfNaoEncontrada(nf)]);
  return {
    ...VAZIO,
    pedidoId: nota.pedidoId,
    cliente: await clienteDoCadastro(banco.db, nota.clienteId),
    notaFiscalId: nota.notaFiscalId,
    valorNotaFiscal: nota.valor,
    frete: nota.frete,
    pesoBruto: nota.pesoBruto,
    pesoLiquido: nota.pesoLiquido,
    volumes: nota.volumes,
    unidade: nota.unidade,
    ordensServico: nota.ordensServico,
  };
}
