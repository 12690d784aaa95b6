import { z } from 'zod';
import { dataIsoSchema, INTEIRO_MAXIMO } from './common';
import { MSG_TRANSPORTADORA_NAO_INFORMADA, UNIDADES_ITEM_ROMANEIO } from './romaneios';

// The ERP's service orders (O.S.) and invoices as the manifests read them (spec 03 §3 "Service-order
// manifest" and "Freight-cost manifest", §5, §7 "Manifests"). Money, weights, quantities and m²
// are exact decimal strings; dates ISO (YYYY-MM-DD); CNPJs digits. Carrier and customer are the ERP's ids
// (fornecedorId, clienteId), as the registers keep them.

/** The unit of an invoice's volumes (and of a service-order manifest item). */
export const UNIDADES_ITEM = UNIDADES_ITEM_ROMANEIO;
export type UnidadeItem = (typeof UNIDADES_ITEM)[number];

/** The pickers list at most this many rows; `maisLinhas` says the filter left some out. */
export const LIMITE_LINHAS_PICKER = 200;
export const MSG_PERIODO_INVALIDO = 'Período informado inválido, a data final deve ser maior ou igual que a inicial.';

/** A line of a service order (GET /romaneios-colacril/buscar-os, /ordens-servico/preencher-dados-peso-volume/{os}). */
export interface OrdemServicoLinha {
  ordemServico: number;
  produtoId: string;
  produtoDescricao: string;
  itemPedidoId: string;
  dataEntrega: string;
  quantidadeM2: string | null;
  valorNotaFiscalItem: string | null;
}

/** A row of the service-order picker: one line of an O.S. */
export interface OrdemServicoListagem {
  ordemServico: number;
  pedidoId: string;
  itemId: string;
  clienteRazaoSocial: string | null;
  /** The register's customer of the O.S.'s ERP customer (null when the register does not know it). */
  clienteCadastroId: number | null;
  produtoDescricao: string;
  quantidade: string;
  dataEntrega: string;
  frete: string | null;
  m2: string | null;
  quantidadeProduzida: string | null;
}

/** A row of the invoice picker. */
export interface NotaFiscalListagem {
  notaFiscalId: string;
  pedidoId: string | null;
  clienteRazaoSocial: string | null;
  /** The register's customer of the invoice's ERP customer (null when the register does not know it). */
  clienteCadastroId: number | null;
  dataEmissao: string;
  frete: string | null;
  volumes: number | null;
  unidade: UnidadeItem;
  pesoBruto: string | null;
  pesoLiquido: string | null;
}

/** GET /romaneios/nota-fiscal/{nf}: what a freight-cost manifest item takes from the invoice. */
export interface NotaFiscalLookup {
  notaFiscalId: string;
  pedidoId: string | null;
  pesoBruto: string | null;
  clienteCpfCnpj: string | null;
  transportadoraCnpj: string | null;
}

/** GET /romaneios/nota-fiscal-itens/{nf}: a detail line (linha from the invoice item's itemId). */
export interface DetalheNotaFiscal {
  linha: string;
  descricao: string;
  quantidade: string;
  unidade: string | null;
  valorTotalItem: string | null;
}

/** GET /romaneios/cliente-pedido/{id}: the customer of an order. */
export interface ClientePedido {
  pedidoId: string;
  clienteId: string;
  razaoSocial: string;
  cpfCnpj: string | null;
  cidade: string | null;
  estado: string | null;
}

const vazioIndefinido = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const opcional = <T extends z.ZodType>(s: T) => z.preprocess(vazioIndefinido, s.optional());
const texto = (max: number, campo: string) => opcional(z.string().trim().max(max, `${campo}: no máximo ${max} caracteres.`));
const dataIso = (campo: string) => opcional(dataIsoSchema(`${campo}: informe uma data válida (AAAA-MM-DD).`));

/**
 * The query of GET /ordens-servico/ordens-servico-transportadora and /notas-fiscais-transportadora: the
 * carrier (required), optional customer, municipality (IBGE code) or UF, O.S., order, product, and the
 * period (delivery date of an O.S., issue date of an invoice). Without a period the pickers use the default
 * window of spec §5, today − 2 to today + 7 (src/domain/ordens-servico/janela-ordens-servico.ts: "today"
 * is not the vocabulary's to know).
 */
export const ordensServicoQuerySchema = z
  .object({
    transportadora: z.preprocess(vazioIndefinido, z.string({ error: MSG_TRANSPORTADORA_NAO_INFORMADA }).trim().max(30, 'Transportadora: no máximo 30 caracteres.')),
    cliente: texto(30, 'Cliente'),
    municipio: opcional(z.coerce.number({ error: 'Município: informe o código IBGE (7 dígitos).' }).int('Município: informe o código IBGE (7 dígitos).').min(1_000_000, 'Município: informe o código IBGE (7 dígitos).').max(9_999_999, 'Município: informe o código IBGE (7 dígitos).')),
    uf: opcional(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'UF: informe a sigla (2 letras).')),
    os: opcional(z.coerce.number({ error: 'O.S.: informe um número.' }).int('O.S.: informe um número inteiro.').positive('O.S.: informe um número positivo.').max(INTEIRO_MAXIMO, 'O.S.: número grande demais.')),
    pedido: texto(30, 'Pedido'),
    produto: texto(30, 'Produto'),
    inicio: dataIso('Data inicial'),
    fim: dataIso('Data final'),
  })
  .refine((q) => !q.inicio || !q.fim || q.inicio <= q.fim, { message: MSG_PERIODO_INVALIDO, path: ['fim'] });
export type FiltroOrdensServico = z.infer<typeof ordensServicoQuerySchema>;
export type FiltroOrdensServicoEntrada = z.input<typeof ordensServicoQuerySchema>;

/** What a picker answers: up to LIMITE_LINHAS_PICKER rows, and whether the filter left some out. */
export interface ListagemPicker<T> {
  linhas: T[];
  maisLinhas: boolean;
}

/**
 * GET /ordens-servico/preencher-dados-fiscais-os/{os}, /preencher-dados-fiscais-nf/{nf} and
 * /preencher-dados-peso-volume/{os}: what each knows of a service-order manifest item (the O.S.'s order,
 * customer and invoice; the invoice's value, freight, weights and volumes; the O.S.'s weights, volumes and
 * m²). The dialog copies the fields that are not null into the item.
 */
export interface DadosItemRomaneioOs {
  pedidoId: string | null;
  itemId: string | null;
  cliente: { id: number; vwCliente: { razaoSocial: string } } | null;
  notaFiscalId: string | null;
  valorNotaFiscal: string | null;
  frete: string | null;
  pesoBruto: string | null;
  pesoLiquido: string | null;
  volumes: number | null;
  unidade: UnidadeItem | null;
  quantidadeM2: string | null;
  ordensServico: string[];
  dataEntrega: string | null;
}
