import { isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { dataIsoSchema, identificadorSchema, INTEIRO_MAXIMO, listQuerySchema, versaoSchema, type Page } from './common';

// Minutas (spec 03 §2.5, §3 "Minuta", §4 "Minuta status", §5 "Minuta", §7 "Minutas", §8, §9):
// freight pre-notes typed by a person or converted from the conhecimentos of a PROCEDA CONEMB, completed,
// confirmed in bulk (irreversible), then converted into auditable CT-es. The lifecycle is
// machines/minuta-confirmation.ts; completeness is src/domain/minutas/completude-minuta.ts.

export const STATUS_MINUTA = ['PENDENTE', 'PREENCHIDO', 'PROCESSADO'] as const;
export type StatusMinuta = (typeof STATUS_MINUTA)[number];
/** Spec §3: PREENCHIDO is shown as Confirmado. */
export const ROTULO_STATUS_MINUTA: Record<StatusMinuta, string> = { PENDENTE: 'Pendente', PREENCHIDO: 'Confirmado', PROCESSADO: 'Processado' };

/** Where a minuta came from: typed on the screen, or converted from a CONEMB conhecimento. */
export const ORIGENS_MINUTA = ['MANUAL', 'CONEMB'] as const;
export type OrigemMinuta = (typeof ORIGENS_MINUTA)[number];

/** Spec §9: the list 20 a page, the modal's two sub-tables 10. */
export const TAMANHO_PAGINA_MINUTAS = 20;
export const TAMANHO_PAGINA_SUBTABELA_MINUTA = 10;
/** Most ids one POST /minutas/confirmar takes (the bench confirms 1,000 in one call). */
export const MAXIMO_MINUTAS_CONFIRMAR = 5000;
/** Largest CONEMB read from the folder: 10,000 conhecimentos of 3.x are ≈ 7 MB. */
export const TAMANHO_MAXIMO_CONEMB = 30 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------------
// Messages. Spec §5 quotes the two sub-modal ones; §8 says what the confirmation warning says (ours in words).

export const MSG_NF_OBRIGATORIA = 'O número e série da NF são obrigatórios';
export const MSG_ELEMENTO_CUSTO_OBRIGATORIO = 'O nome e valor do elemento de custo são obrigatórios';
export const MSG_AVISO_CONFIRMAR_MINUTAS = 'Atenção: minutas confirmadas não poderão mais ser editadas nem excluídas.';
export const perguntaConfirmarMinutas = (n: number) => `Confirmar ${n} minuta(s) selecionada(s)? ${MSG_AVISO_CONFIRMAR_MINUTAS}`;
export const mensagemMinutasConfirmadas = (n: number) => `${n} minuta(s) confirmada(s).`;
export const MSG_CONFIRMAR_EXCLUIR_MINUTA = 'Tem certeza que deseja excluir esta minuta?';
export const MSG_MINUTA_NAO_ENCONTRADA = 'Minuta não encontrada.';
export const MSG_MINUTA_EXCLUIDA = 'Minuta excluída.';
export const MSG_MINUTA_SALVA = 'Minuta salva.';
export const MSG_SELECIONE_MINUTAS = 'Selecione ao menos uma minuta para confirmar.';
export const MSG_MINUTAS_DEMAIS = `Confirme no máximo ${MAXIMO_MINUTAS_CONFIRMAR} minutas de uma vez.`;
export const MSG_INFORME_VERSAO_MINUTA = 'Informe a versão da minuta (recarregue-a e tente de novo).';
/** A minuta of the confirmation list that is not complete (the whole call changes nothing). */
export const mensagemMinutaIncompleta = (numero: string | null, faltas: readonly string[]) =>
  `A minuta ${numero ?? 'sem número'} não está completa: falta ${faltas.join(', ')}.`;
export const MSG_CNPJ_TOMADOR_INVALIDO = 'O CNPJ do tomador é inválido.';
export const MSG_CNPJ_REMETENTE_INVALIDO = 'O CNPJ do remetente é inválido.';
export const MSG_LOTE_MINUTAS_EM_ANDAMENTO = 'Já há uma leitura ou conversão de minutas em andamento nesta empresa: aguarde o fim dela.';
export const mensagemPastaConembInacessivel = (pasta: string) => `A pasta de entrada dos CONEMB ${pasta} não existe ou não pode ser lida.`;

// ---------------------------------------------------------------------------------------------------
// The entity (spec §3). Money and weights are exact decimal strings; dates ISO (YYYY-MM-DD); CNPJs digits.

export interface MunicipioMinuta {
  id: number;
  codigo: number;
  nome: string;
  siglaUf: string;
}
export interface TransportadoraMinuta {
  id: number;
  razaoSocial: string;
  cnpjFormatado: string | null;
}
export interface ClienteMinuta {
  id: number;
  vwCliente: { razaoSocial: string; cpfCnpjFormatado: string | null };
}
export interface NotaFiscalMinuta {
  serie: string;
  numero: string;
}
export interface ElementoCustoMinuta {
  nome: string;
  valor: string;
}

export interface Minuta {
  /** null on GET /minutas/new (not saved yet). */
  id: number | null;
  status: StatusMinuta;
  fatura: string | null;
  numero: string | null;
  /** The CT-e série (CONEMB carries it; beyond spec §3, needed to link the CT-e). */
  serie: string | null;
  chave: string | null;
  dataEmissao: string | null;
  transportadora: TransportadoraMinuta | null;
  origem: MunicipioMinuta | null;
  destino: MunicipioMinuta | null;
  cliente: ClienteMinuta | null;
  peso: string | null;
  /** Kept with its decimals (17.50 exists); the screen shows none (spec §5: precision 0). */
  percentualIcms: string | null;
  valorTotalFrete: string | null;
  cnpjTomador: string | null;
  cnpjRemetente: string | null;
  notasFiscais: NotaFiscalMinuta[];
  elementosCusto: ElementoCustoMinuta[];
  origemMinuta: OrigemMinuta;
  /** The CT-e it became (PROCESSADO), for "Ver CT-e". */
  cteId: number | null;
  versao: number;
}

/** A list row (GET /minutas): the columns of spec §2.5 plus what completeness needs. */
export interface MinutaLinha {
  id: number;
  status: StatusMinuta;
  fatura: string | null;
  numero: string | null;
  serie: string | null;
  chave: string | null;
  dataEmissao: string | null;
  cliente: { id: number; razaoSocial: string } | null;
  transportadora: { id: number; razaoSocial: string } | null;
  origem: { nome: string; siglaUf: string } | null;
  destino: { nome: string; siglaUf: string } | null;
  peso: string | null;
  valorTotalFrete: string | null;
  cnpjTomador: string | null;
  cnpjRemetente: string | null;
  quantidadeNotasFiscais: number;
  quantidadeElementosCusto: number;
  cteId: number | null;
  versao: number;
}
/** The page plus the totals of every row the filters match (the footer's total value). */
export type MinutaPage = Page<MinutaLinha> & { totais: { quantidade: number; valorTotalFrete: string } };

// ---------------------------------------------------------------------------------------------------
// GET /minutas?search=...&transportadora=id:{id} (spec §7). search joins with ";" the terms dataEmissao>,
// dataEmissao< (also >= and <=: the screen sends its period inclusive), fatura:, numero:, chave: (and status:).

export const minutaListaQuerySchema = z.object({
  search: listQuerySchema.shape.search,
  sort: listQuerySchema.shape.sort,
  page: listQuerySchema.shape.page,
  size: z.coerce
    .number({ error: 'O tamanho da página deve ser um número.' })
    .int('O tamanho da página deve ser um número inteiro.')
    .min(1, 'O tamanho da página deve ser ao menos 1.')
    .max(100, 'O tamanho da página deve ser no máximo 100.')
    .default(TAMANHO_PAGINA_MINUTAS),
  transportadora: z
    .string()
    .trim()
    .regex(/^(id:)?\d{1,10}$/, 'Transportadora: informe id:{id}.')
    .transform((v) => Number(v.replace(/^id:/, '')))
    .refine((n) => n > 0 && n <= INTEIRO_MAXIMO, 'Transportadora: identificador inválido.')
    .optional(),
});
export type MinutaListaQuery = z.infer<typeof minutaListaQuerySchema>;

/** GET /minutas/listar?numero= (palette: find a minuta by number): prefix of the número, up to 20 rows. */
export const minutaBuscaQuerySchema = z.object({
  numero: z.string().trim().regex(/^\d{1,9}$/, 'Nº da minuta: apenas dígitos (até 9).'),
});

// ---------------------------------------------------------------------------------------------------
// POST /minutas (save). A PENDENTE minuta may be incomplete: only the shape of what is given is checked.
// New ones (no id) are PENDENTE; a saved minuta that is not PENDENTE answers 409. Notes and cost elements
// replace the stored ones.

const textoOpcional = (max: number, campo: string) =>
  z
    .string()
    .trim()
    .max(max, `${campo}: no máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : null));
const digitos = (max: number, campo: string) =>
  z
    .union([z.string(), z.number()], { error: `${campo}: apenas dígitos (até ${max}).` })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(new RegExp(`^\\d{0,${max}}$`), `${campo}: apenas dígitos (até ${max}).`))
    .nullish()
    .transform((v) => (v ? v.replace(/^0+(?=\d)/, '') : null));
const decimalOpcional = (padrao: RegExp, mensagem: string) =>
  z
    .union([z.string(), z.number()], { error: mensagem })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(padrao, mensagem))
    .nullish()
    .transform((v) => (v ? v : null));
const cnpjOpcional = (mensagem: string) =>
  z
    .string({ error: mensagem })
    .trim()
    .max(20, mensagem)
    .nullish()
    .transform((v) => (v ? v.replace(/[.\-/\s]/g, '') : null))
    .refine((v) => v === null || (/^\d{14}$/.test(v) && isValidCnpj(v)), mensagem);
const refId = z.object({ id: identificadorSchema() }).nullish().transform((v) => v ?? null);

export const notaFiscalMinutaSchema = z.object({
  serie: z.string({ error: MSG_NF_OBRIGATORIA }).trim().min(1, MSG_NF_OBRIGATORIA).max(3, 'Série da NF: no máximo 3 caracteres.'),
  numero: z
    .union([z.string(), z.number()], { error: MSG_NF_OBRIGATORIA })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, MSG_NF_OBRIGATORIA).regex(/^\d{1,9}$/, 'Nº da NF: apenas dígitos (até 9).'))
    .transform((v) => v.replace(/^0+(?=\d)/, '')),
});
export const elementoCustoMinutaSchema = z.object({
  nome: z.string({ error: MSG_ELEMENTO_CUSTO_OBRIGATORIO }).trim().min(1, MSG_ELEMENTO_CUSTO_OBRIGATORIO).max(60, 'Nome do elemento de custo: no máximo 60 caracteres.'),
  valor: z
    .union([z.string(), z.number()], { error: MSG_ELEMENTO_CUSTO_OBRIGATORIO })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, MSG_ELEMENTO_CUSTO_OBRIGATORIO).regex(/^\d{1,10}(\.\d{1,2})?$/, 'Valor do elemento de custo: informe um valor não negativo com até 2 casas decimais.')),
});

export const minutaSalvarSchema = z.object({
  id: identificadorSchema().optional(),
  fatura: textoOpcional(20, 'Nº da fatura'),
  numero: digitos(9, 'Nº da minuta'),
  serie: textoOpcional(3, 'Série'),
  chave: digitos(44, 'Chave').refine((v) => v === null || v.length === 44, 'Chave: informe os 44 dígitos da chave do CT-e.'),
  dataEmissao: dataIsoSchema('Data de emissão: informe uma data válida (AAAA-MM-DD).').nullish().transform((v) => v ?? null),
  transportadora: refId,
  origem: refId,
  destino: refId,
  cliente: refId,
  peso: decimalOpcional(/^\d{1,11}(\.\d{1,3})?$/, 'Peso bruto: informe um número não negativo com até 3 casas decimais.'),
  percentualIcms: decimalOpcional(/^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/, 'ICMS: informe um percentual entre 0 e 100.'),
  valorTotalFrete: decimalOpcional(/^\d{1,10}(\.\d{1,2})?$/, 'Valor do frete: informe um valor não negativo com até 2 casas decimais.'),
  cnpjTomador: cnpjOpcional(MSG_CNPJ_TOMADOR_INVALIDO),
  cnpjRemetente: cnpjOpcional(MSG_CNPJ_REMETENTE_INVALIDO),
  notasFiscais: z.array(notaFiscalMinutaSchema).max(500, 'No máximo 500 notas fiscais por minuta.').default([]),
  elementosCusto: z.array(elementoCustoMinutaSchema).max(100, 'No máximo 100 elementos de custo por minuta.').default([]),
  versao: versaoSchema,
});
export type MinutaSalvar = z.infer<typeof minutaSalvarSchema>;
export type MinutaSalvarEntrada = z.input<typeof minutaSalvarSchema>;

/** DELETE /minutas (spec §7 "by id"): the id and the version the user saw. */
export const minutaExcluirSchema = z.object({ id: identificadorSchema(), versao: versaoSchema });

/** POST /minutas/confirmar: the ids (spec §7 "list of ids"); all-or-nothing. */
export const minutaConfirmarSchema = z.object({
  ids: z
    .array(identificadorSchema(), { error: MSG_SELECIONE_MINUTAS })
    .min(1, MSG_SELECIONE_MINUTAS)
    .max(MAXIMO_MINUTAS_CONFIRMAR, MSG_MINUTAS_DEMAIS)
    .transform((ids) => [...new Set(ids)]),
});
export interface MinutasConfirmadas {
  confirmadas: number;
  mensagens: string[];
}
