import { z } from 'zod';
import { dataIsoSchema, identificadorSchema, INTEIRO_MAXIMO, versaoSchema } from './common';
import { MSG_PERIODO_INVALIDO } from './ordens-servico';
import { ORIGENS_ITEM_ROMANEIO_OS, STATUS_ITEM_ROMANEIO_OS, STATUS_ROMANEIO } from './romaneio-status';
import {
  MSG_DESTINO_NAO_INFORMADO,
  MSG_LACRE_NAO_INFORMADO,
  MSG_MOTORISTA_NAO_INFORMADO,
  MSG_MOTORISTA_OBRIGATORIO,
  MSG_ORIGEM_NAO_INFORMADA,
  MSG_ROMANEIO_SEM_ITEM,
  MSG_TIPO_VEICULO_NAO_INFORMADO,
  MSG_TRANSPORTADORA_NAO_INFORMADA,
  MSG_VEICULO_DA_LISTA,
  mensagemItemIncompleto,
  OBSERVACAO_ROMANEIO_MAXIMO,
  PLACA_MAXIMO,
  TAMANHO_PAGINA_ROMANEIOS,
  UNIDADES_ITEM_ROMANEIO,
} from './romaneios';

// What is sent to the manifest calls (spec 03 §7 "Manifests"; docs/decisoes.md §24). A save carries the status the
// manifest should have afterwards: the same one is SALVAR; EXPEDICAO → FATURAMENTO is FATURAR;
// → FINALIZADO is FINALIZAR; → CANCELADO is CANCELAR (spec §4: "loads the manifest, sets the status to
// CANCELADO and saves"). The server reads the event from the pair and asks the machine; an illegal one is
// 409 with the machine's message. Cancelling changes nothing but the status (and frees the manifest's
// invoices), so it needs only the menu code. Items are replaced as sent; the freight shares are the server's.

export const MAXIMO_ITENS_ROMANEIO = 2000;
export const MAXIMO_DETALHES_ITEM = 500;

const vazioNulo = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const textoOpcional = (max: number, campo: string) =>
  z.preprocess(vazioNulo, z.string().trim().max(max, `${campo}: no máximo ${max} caracteres.`).nullish()).transform((v) => v ?? null);
const decimal = (inteiros: number, casas: number, campo: string) => {
  const msg = `${campo}: informe um número não negativo com até ${casas} casas decimais.`;
  return z
    .union([z.string(), z.number()], { error: msg })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(new RegExp(`^\\d{1,${inteiros}}(\\.\\d{1,${casas}})?$`), msg));
};
const decimalOpcional = (inteiros: number, casas: number, campo: string) =>
  z.preprocess(vazioNulo, decimal(inteiros, casas, campo).nullish()).transform((v) => v ?? null);
const dinheiro = (campo: string) => decimalOpcional(12, 2, campo);
const inteiroOpcional = (campo: string) =>
  z.preprocess(vazioNulo, z.coerce.number({ error: `${campo}: informe um número inteiro.` }).int(`${campo}: informe um número inteiro.`).min(0, `${campo}: não pode ser negativo.`).max(INTEIRO_MAXIMO, `${campo}: número grande demais.`).nullish()).transform((v) => v ?? null);
const codigoErp = (campo: string) => textoOpcional(30, campo);
/** A picked entity: { id }. Anything else (a typed text, an empty object) is the field's message. */
const entidade = (mensagem: string) =>
  z.object({ id: z.number({ error: mensagem }).int(mensagem).positive(mensagem).max(INTEIRO_MAXIMO, 'O identificador é grande demais.') }, { error: mensagem });
const entidadeOpcional = (mensagem?: string) =>
  z.preprocess((v) => (v === '' ? null : v), z.object({ id: identificadorSchema() }, mensagem ? { error: mensagem } : undefined).nullish()).transform((v) => v ?? null);
const statusRomaneio = z.enum(STATUS_ROMANEIO, { error: 'Status do romaneio desconhecido.' }).optional();

// ---------------------------------------------------------------------------------------------------
// POST /romaneios (freight-cost manifest).

export const detalheItemRomaneioSchema = z.object({
  linha: z.string({ error: 'Linha do item: obrigatória.' }).trim().min(1, 'Linha do item: obrigatória.').max(30, 'Linha do item: no máximo 30 caracteres.'),
  descricao: z.string().trim().max(200, 'Descrição do item: no máximo 200 caracteres.').default(''),
  quantidade: decimal(12, 3, 'Quantidade'),
  unidade: z.string().trim().max(12, 'Unidade: no máximo 12 caracteres.').default(''),
  valorTotalItem: decimal(12, 2, 'Valor do item'),
});

export const itemRomaneioFreteSchema = z.object({
    notaFiscalId: codigoErp('Nota fiscal'),
    pedidoId: codigoErp('Pedido'),
    volumes: inteiroOpcional('Volumes'),
    peso: decimalOpcional(12, 3, 'Peso'),
    valorNotaFiscal: dinheiro('Valor da nota fiscal'),
    cliente: textoOpcional(14, 'Cliente'),
    transportadora: textoOpcional(14, 'Transportadora'),
    semPedido: z.boolean().default(false),
    detalhes: z.array(detalheItemRomaneioSchema).max(MAXIMO_DETALHES_ITEM, `No máximo ${MAXIMO_DETALHES_ITEM} linhas por item.`).default([]),
});
export type ItemRomaneioFreteSalvar = z.infer<typeof itemRomaneioFreteSchema>;

/** Every item needs invoice number, weight and invoice value (spec §5); the message names the item (1-based). */
export const itemRomaneioFreteIncompleto = (item: Pick<ItemRomaneioFreteSalvar, 'notaFiscalId' | 'peso' | 'valorNotaFiscal'>) =>
  !item.notaFiscalId || !item.peso || !item.valorNotaFiscal;

export const romaneioFreteSalvarSchema = z.object({
  id: identificadorSchema().optional(),
  status: statusRomaneio,
  motorista: entidade(MSG_MOTORISTA_OBRIGATORIO),
  /** A typed plate that was not picked (a text, not {id}) is MSG_VEICULO_DA_LISTA. */
  veiculo: entidadeOpcional(MSG_VEICULO_DA_LISTA),
  valorColeta: dinheiro('Valor da coleta'),
  valorFrete: dinheiro('Valor do frete'),
  valorPedagio: dinheiro('Valor do pedágio'),
  valorDescarga: dinheiro('Valor da descarga'),
  valorOutros: dinheiro('Outros valores'),
  observacao: textoOpcional(OBSERVACAO_ROMANEIO_MAXIMO, 'Observação'),
  itens: z
    .array(itemRomaneioFreteSchema, { error: MSG_ROMANEIO_SEM_ITEM })
    .min(1, MSG_ROMANEIO_SEM_ITEM)
    .max(MAXIMO_ITENS_ROMANEIO, `No máximo ${MAXIMO_ITENS_ROMANEIO} itens por romaneio.`)
    .superRefine((itens, ctx) => {
      const i = itens.findIndex(itemRomaneioFreteIncompleto);
      if (i >= 0) ctx.addIssue({ code: 'custom', message: mensagemItemIncompleto(i + 1), path: [i] });
    }),
  versao: versaoSchema,
});
export type RomaneioFreteSalvar = z.infer<typeof romaneioFreteSalvarSchema>;
export type RomaneioFreteSalvarEntrada = z.input<typeof romaneioFreteSalvarSchema>;

// ---------------------------------------------------------------------------------------------------
// POST /romaneios-colacril (service-order manifest).

const placa = (campo: string) =>
  z
    .preprocess(vazioNulo, z.string().trim().toUpperCase().max(PLACA_MAXIMO, `${campo}: no máximo ${PLACA_MAXIMO} caracteres.`).regex(/^[A-Z0-9]*$/, `${campo}: apenas letras e dígitos.`).nullish())
    .transform((v) => v ?? null);

export const itemRomaneioOsSchema = z.object({
  itemId: codigoErp('Item'),
  pedidoId: codigoErp('Pedido'),
  observacao: textoOpcional(500, 'Observação do item'),
  cliente: entidadeOpcional(),
  clienteRetira: z.boolean().default(false),
  redespacho: entidadeOpcional(),
  quantidadeM2: decimalOpcional(12, 3, 'Quantidade (m²)'),
  pesoLiquido: decimalOpcional(12, 3, 'Peso líquido'),
  pesoBruto: decimalOpcional(12, 3, 'Peso bruto'),
  volumes: inteiroOpcional('Volumes'),
  frete: dinheiro('Frete'),
  unidade: z.enum(UNIDADES_ITEM_ROMANEIO, { error: 'Unidade desconhecida.' }).default('DESCONHECIDO'),
  valorNotaFiscal: dinheiro('Valor da nota fiscal'),
  notaFiscalId: codigoErp('Nota fiscal'),
  status: z.enum(STATUS_ITEM_ROMANEIO_OS, { error: 'Status do item desconhecido.' }).optional(),
  origem: z.enum(ORIGENS_ITEM_ROMANEIO_OS, { error: 'Origem do item desconhecida (NOTA_FISCAL ou OS).' }),
  ordensServico: z.array(z.string().trim().regex(/^\d{1,10}$/, 'O.S.: apenas dígitos.')).max(100, 'No máximo 100 O.S. por item.').default([]),
  dataEntrega: z.preprocess(vazioNulo, dataIsoSchema('Data de entrega: informe uma data válida (AAAA-MM-DD).').nullish()).transform((v) => v ?? null),
});

export const romaneioOsSalvarSchema = z.object({
  id: identificadorSchema().optional(),
  status: statusRomaneio,
  transportadora: entidade(MSG_TRANSPORTADORA_NAO_INFORMADA),
  motorista: entidade(MSG_MOTORISTA_NAO_INFORMADO),
  lacre: z.preprocess(vazioNulo, z.string({ error: MSG_LACRE_NAO_INFORMADO }).trim().min(1, MSG_LACRE_NAO_INFORMADO).max(30, 'Número do lacre: no máximo 30 caracteres.')),
  tipoVeiculo: entidade(MSG_TIPO_VEICULO_NAO_INFORMADO),
  origem: entidade(MSG_ORIGEM_NAO_INFORMADA),
  destino: entidade(MSG_DESTINO_NAO_INFORMADO),
  placaCarreta: placa('Placa da carreta'),
  placaCavalo: placa('Placa do cavalo'),
  observacao: textoOpcional(OBSERVACAO_ROMANEIO_MAXIMO, 'Observação'),
  itens: z
    .array(itemRomaneioOsSchema, { error: MSG_ROMANEIO_SEM_ITEM })
    .min(1, MSG_ROMANEIO_SEM_ITEM)
    .max(MAXIMO_ITENS_ROMANEIO, `No máximo ${MAXIMO_ITENS_ROMANEIO} itens por romaneio.`),
  versao: versaoSchema,
});
export type RomaneioOsSalvar = z.infer<typeof romaneioOsSalvarSchema>;
export type RomaneioOsSalvarEntrada = z.input<typeof romaneioOsSalvarSchema>;

// ---------------------------------------------------------------------------------------------------
// GET /romaneios/listar-simples and /romaneios-colacril/listar-simples (spec §2.7 filters, 50 a page).
// Ids of the registers (origem, destino: municipality ids; transportadora, cliente: register ids). The
// freight-cost manifest has no origin, destination or carrier of its own: there, transportadora and cliente
// match its items' CNPJs, and origem/destino match nothing (the tab hides them).

const idOpcional = (campo: string) =>
  z.preprocess(vazioNulo, z.coerce.number({ error: `${campo}: identificador inválido.` }).int(`${campo}: identificador inválido.`).positive(`${campo}: identificador inválido.`).max(INTEIRO_MAXIMO, `${campo}: identificador inválido.`).nullish()).transform((v) => v ?? undefined);
const dataOpcional = (campo: string) => z.preprocess(vazioNulo, dataIsoSchema(`${campo}: informe uma data válida (AAAA-MM-DD).`).nullish()).transform((v) => v ?? undefined);

export const romaneioListaQuerySchema = z
  .object({
    inicio: dataOpcional('Data inicial'),
    fim: dataOpcional('Data final'),
    numero: idOpcional('Número do romaneio'),
    pedido: textoOpcional(30, 'Pedido').transform((v) => v ?? undefined),
    notaFiscal: textoOpcional(30, 'Nota fiscal').transform((v) => v ?? undefined),
    status: z.preprocess(vazioNulo, z.enum(STATUS_ROMANEIO, { error: 'Status do romaneio desconhecido.' }).nullish()).transform((v) => v ?? undefined),
    origem: idOpcional('Município de origem'),
    destino: idOpcional('Município de destino'),
    transportadora: idOpcional('Transportadora'),
    cliente: idOpcional('Cliente'),
    page: z.coerce.number({ error: 'A página deve ser um número.' }).int('A página deve ser um número inteiro.').min(0, 'A página não pode ser negativa.').max(1_000_000, 'Página grande demais.').default(0),
    size: z.coerce.number({ error: 'O tamanho da página deve ser um número.' }).int('O tamanho da página deve ser um número inteiro.').min(1, 'O tamanho da página deve ser ao menos 1.').max(100, 'O tamanho da página deve ser no máximo 100.').default(TAMANHO_PAGINA_ROMANEIOS),
  })
  .refine((q) => !q.inicio || !q.fim || q.inicio <= q.fim, { message: MSG_PERIODO_INVALIDO, path: ['fim'] });
export type RomaneioListaQuery = z.infer<typeof romaneioListaQuerySchema>;
export type RomaneioListaQueryEntrada = z.input<typeof romaneioListaQuerySchema>;

/** GET /romaneios/despesas?inicio=&fim= (both required; the order is checked only once both are dates). */
const despesasDatas = z.object({
  inicio: dataIsoSchema('Data inicial inválida ou não informada.'),
  fim: dataIsoSchema('Data final inválida ou não informada.'),
});
export const despesasRomaneiosQuerySchema = despesasDatas
  .refine((q) => q.inicio <= q.fim, { message: MSG_PERIODO_INVALIDO, path: ['fim'], when: (p) => despesasDatas.safeParse(p.value).success });

/** GET /romaneios/contains-nf/{nf}?romaneio={id}: the number of the manifest (not cancelled, not `romaneio`) holding the invoice. */
export interface NotaEmRomaneio {
  numero: number | null;
}

/** The answer of a save: the manifest as stored, and warnings that did not stop it (the weight limit). */
export interface RomaneioSalvo<T> {
  romaneio: T;
  avisos: string[];
}
