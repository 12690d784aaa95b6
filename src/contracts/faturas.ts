import { z } from 'zod';
import { dataIsoSchema, identificadorSchema, listQuerySchema, transportadoraFiltroSchema, versaoSchema } from './common';
import type { LayoutDoccob } from './doccob';
import type { ConferenciaFatura, CteFatura, ResumoConferencia } from './conferencia-fatura';
import { situacaoPagamentoSchema, type PagamentoFatura } from './pagamentos';

// Faturas (spec 03 §2.4, §3 "Fatura", §4 "Fatura status", §7 "Faturas"): carrier invoices read
// from PROCEDA DOCCOB files (../shared/design/proceda.md), listed, opened, cancelled, and checked against
// the audited CT-es ("Conferência", beyond the spec).

export const STATUS_FATURA = ['PROCESSADO', 'CANCELADO'] as const;
export type StatusFatura = (typeof STATUS_FATURA)[number];
export const ROTULO_STATUS_FATURA: Record<StatusFatura, string> = { PROCESSADO: 'Processado', CANCELADO: 'Cancelado' };

/** Spec 03 §9: the list 50 a page (50, 100, 200); the Fretes tab of the modal 12. */
export const TAMANHOS_PAGINA_FATURA = [50, 100, 200] as const;
export const TAMANHO_PAGINA_FRETES_FATURA = 12;
/** Largest DOCCOB accepted (folder or upload): 5,000 CT-es with notes are ≈ 2 MB. */
export const TAMANHO_MAXIMO_DOCCOB = 20 * 1024 * 1024;
/** Files of one upload. */
export const ARQUIVOS_POR_ENVIO = 20;
/**
 * The whole upload (POST /faturas/enviar, multipart): ARQUIVOS_POR_ENVIO × TAMANHO_MAXIMO_DOCCOB would be
 * 400 MB held in memory; 25 MB takes one file of the largest size or many ordinary ones (≈ 400 kB each).
 */
export const TAMANHO_MAXIMO_ENVIO = 25 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------------
// Messages (spec 03 §2.4 quotes the cancel question; the rest are ours, in the same voice).

export const MSG_CONFIRMAR_CANCELAR_FATURA = 'Tem certeza que deseja cancelar essa fatura?';
export const MSG_FATURA_NAO_ENCONTRADA = 'Fatura não encontrada.';
export const MSG_FATURA_JA_CANCELADA = 'Esta fatura já está cancelada.';
export const mensagemFaturaCancelada = (numero: string) => `Fatura ${numero} cancelada: os CT-es dela ficaram sem número de fatura.`;
/** A 353/555 line whose CT-e is not in the database. */
export const MSG_LEITURA_FATURAS_EM_ANDAMENTO = 'Já há uma leitura de faturas em andamento nesta empresa: aguarde o fim dela.';
export const mensagemPastaDoccobInacessivel = (pasta: string) => `A pasta de entrada dos DOCCOB ${pasta} não existe ou não pode ser lida.`;
export const MSG_ENVIO_SEM_ARQUIVO = 'Escolha ao menos um arquivo DOCCOB para enviar.';
export const MSG_ENVIO_ARQUIVOS_DEMAIS = `Envie no máximo ${ARQUIVOS_POR_ENVIO} arquivos de uma vez.`;
export const MSG_ENVIO_GRANDE_DEMAIS = `O envio passa de ${TAMANHO_MAXIMO_ENVIO / 1024 / 1024} MB: envie menos arquivos de cada vez.`;
export const MSG_ENVIO_NAO_MULTIPART = 'Envie os arquivos DOCCOB como formulário (multipart/form-data), no campo "arquivos".';
export const MSG_ENVIO_ILEGIVEL = 'Não foi possível ler os arquivos enviados: o formulário chegou incompleto ou malformado.';
export const MSG_PASTA_EDI_NAO_CONFIGURADA = 'A pasta dos arquivos EDI (EDI_DIR) não está configurada neste servidor: fale com o administrador.';
export const MSG_INFORME_VERSAO_FATURA = 'Informe a versão da fatura (recarregue-a e tente de novo).';
export const mensagemArquivoGrandeDemais = (nome: string) =>
  `O arquivo ${nome} passa de ${TAMANHO_MAXIMO_DOCCOB / 1024 / 1024} MB, o máximo aceito para um DOCCOB.`;
export const mensagemFaturaOutrosValores = (numero: string) =>
  `A fatura ${numero} desta transportadora já foi lida com outros valores: cancele a anterior (ação E ou Cancelar fatura) antes de enviar a nova.`;
export const mensagemFaturaACancelarAusente = (numero: string) =>
  `A fatura ${numero} que este arquivo cancela (ação E) não foi lida antes nesta empresa.`;
export const mensagemFaturaACancelarJaCancelada = (numero: string) => `A fatura ${numero} que este arquivo cancela (ação E) já está cancelada.`;

export interface ResultadoLeituraFaturas {
  /** Faturas (interchanges) stored. */
  lidas: number;
  /** Files that were read before (same carrier, documents and values): nothing changed. */
  jaLidas: number;
  /** Faturas cancelled by a 352/552 with ação E. */
  canceladas: number;
  /** CT-e lines matched to a CT-e of the database, and those not found, over the faturas stored. */
  ctesVinculados: number;
  ctesNaoEncontrados: number;
  /** CT-e lines of the faturas stored that bill a CT-e already billed (another fatura, or an earlier line). */
  ctesJaCobrados: number;
  /** Files refused (moved to the error folder, or not stored from an upload), with the reason naming line and field. */
  erros: { arquivo: string; motivo: string }[];
  /** Ids of the faturas stored or found already read, in file order ("Ver as faturas lidas"). */
  faturas: number[];
  /** First and last issue date (YYYY-MM-DD) of those faturas, null when none: "Ver as faturas lidas" lists that period. */
  periodo: { inicio: string; fim: string } | null;
  mensagens: string[];
}

export const resumoLeituraFaturas = (r: Pick<ResultadoLeituraFaturas, 'lidas' | 'jaLidas' | 'canceladas' | 'erros' | 'ctesNaoEncontrados' | 'ctesJaCobrados'>) =>
  [
    `Leitura concluída: ${r.lidas} fatura(s) lida(s), ${r.jaLidas} já lida(s) antes, ${r.canceladas} cancelada(s) pelo arquivo, ${r.erros.length} arquivo(s) com erro`,
    ...(r.ctesNaoEncontrados ? [`${r.ctesNaoEncontrados} CT-e(s) das faturas não encontrado(s) no sistema`] : []),
    ...(r.ctesJaCobrados ? [`${r.ctesJaCobrados} CT-e(s) já cobrado(s) em outra fatura`] : []),
  ].join('; ') + '.';

// ---------------------------------------------------------------------------------------------------
// GET /faturas (spec 03 §7): status, inicio, fim (ISO dates; default the current month, São Paulo), transportadora
// (the carrier's CNPJ, digits or formatted), documento (the 350/550 id), numeroDocumento (the 352/552 número),
// page, size (50, 100, 200), sort over dataEmissao, dataVencimento, numeroDocumento, valorTotal, transportadora.

const textoOpcional = (max: number, campo: string) =>
  z.string().trim().max(max, `${campo}: no máximo ${max} caracteres.`).optional().transform((v) => (v ? v : undefined));
const dataIso = (campo: string) => dataIsoSchema(`${campo}: informe uma data válida (AAAA-MM-DD).`);

export const faturaListaQuerySchema = z
  .object({
    page: listQuerySchema.shape.page,
    size: z.coerce
      .number({ error: 'O tamanho da página deve ser 50, 100 ou 200.' })
      .refine((n) => (TAMANHOS_PAGINA_FATURA as readonly number[]).includes(n), 'O tamanho da página deve ser 50, 100 ou 200.')
      .default(50),
    sort: listQuerySchema.shape.sort,
    status: z.enum(STATUS_FATURA, { error: 'Status da fatura desconhecido.' }).optional(),
    /** Payment situation (issue 29; indexed: fatura_situacao_emissao_idx). */
    situacaoPagamento: situacaoPagamentoSchema.optional(),
    inicio: dataIso('Data inicial').optional(),
    fim: dataIso('Data final').optional(),
    transportadora: transportadoraFiltroSchema,
    documento: textoOpcional(14, 'Documento'),
    numeroDocumento: z
      .string()
      .trim()
      .regex(/^\d{0,10}$/, 'Nº do documento: apenas dígitos (até 10).')
      .optional()
      .transform((v) => (v ? v.replace(/^0+(?=\d)/, '') : undefined)),
  })
  .refine((q) => !q.inicio || !q.fim || q.inicio <= q.fim, { message: 'Período informado inválido, a data final deve ser maior ou igual que a inicial.' });
export type FaturaListaQuery = z.infer<typeof faturaListaQuerySchema>;
export type FaturaListaQueryEntrada = z.input<typeof faturaListaQuerySchema>;

/** GET /faturas/listar (palette: find a fatura by number): numero (prefix of the 352/552 número), up to 20 rows. */
export const faturaBuscaQuerySchema = z.object({
  numero: z.string().trim().regex(/^\d{1,10}$/, 'Nº da fatura: apenas dígitos (até 10).'),
});

/** POST /faturas/cancelar: the fatura and the version the user saw (a stale one gets 409). */
export const faturaCancelarSchema = z.object({
  id: identificadorSchema(),
  versao: versaoSchema,
});
export type FaturaCancelar = z.infer<typeof faturaCancelarSchema>;

// ---------------------------------------------------------------------------------------------------
// Answers. Money as exact decimal strings ("22813.04"); dates ISO (YYYY-MM-DD).

/** One fatura line billing a CT-e (the CT-e detail's "Faturas que cobraram este CT-e", docs/decisoes.md §17). */
export interface CobrancaDoCte {
  faturaId: number;
  /** The 352/552 número and issue date (YYYY-MM-DD) of the line's document. */
  numero: string;
  dataEmissao: string;
  transportadora: string;
  valorFrete: string | null;
  status: StatusFatura;
  /** The billing the CT-e belongs to (the first not cancelled); the other live ones bill it again. */
  primeira: boolean;
}

/** One 352/552 of the interchange (spec §3 documentos[]). */
export interface DocumentoFatura {
  filial: string;
  tipoDocumento: string;
  serieDocumento: string;
  numero: string;
  dataEmissao: string;
  dataVencimento: string | null;
  dataLimitePagamentoDesconto: string | null;
  tipoCobranca: string;
  valorDocumento: string;
  valorTotalIcms: string | null;
  valorJurosDiaAtraso: string | null;
  valorDescontoAcrescimo: string | null;
  identificacaoAgenteCobranca: string | null;
  numeroAgenciaBancaria: string | null;
  digitoVerificadorAgenciaBancaria: string | null;
  contaCorrente: string | null;
  digitoVerificadorContaCorrente: string | null;
  acaoDocumento: 'I' | 'E';
  /** How many CT-e lines it holds (the lines themselves: GET /faturas/{id}/ctes). */
  quantidadeCtes: number;
}

/** List row (spec §3 first line) plus the id, version, carrier register link and the check in short. */
/** A list row carries its payment situation (issue 29): `bloqueios` there are the fatura's rules, one per rule, without lines. */
export interface FaturaLinha extends PagamentoFatura {
  id: number;
  versao: number;
  nomeArquivo: string;
  documento: string;
  /** The first 352/552's número (an interchange usually holds one). */
  numeroDocumento: string;
  transportadora: { id: number | null; cnpj: string; razaoSocial: string };
  dataEmissao: string;
  dataVencimento: string | null;
  /** CT-e lines of the fatura. */
  quantidade: number;
  /** Sum of the 352/552 values. */
  valorTotal: string;
  status: StatusFatura;
  conferencia: ResumoConferencia;
}

/** GET /faturas/{id}: the modal's Dados Principais (spec §2.4 cards) with the full check. */
export interface FaturaCompleta extends FaturaLinha {
  layout: LayoutDoccob;
  faturaCabecalhoDocumento: { registro: string; documento: string };
  faturaCabecalhoIntercambio: { registro: string; intercambio: string; data: string | null; remetente: string; destinatario: string };
  faturaTransportadora: { registro: string; cnpj: string; razaoSocial: string };
  /** Null when the file had no 355/559 trailer (a warning says so). */
  faturaTotalFatura: { registro: string; quantidade: number; valorTotal: string } | null;
  documentos: DocumentoFatura[];
  /** What the reader tolerated (kept from the file). */
  avisos: string[];
  conferencia: ConferenciaFatura;
  lidaEm: string;
  canceladaEm: string | null;
}

/**
 * GET /faturas/{id}/ctes?page&size (size 12 by default, at most 300): the Fretes tab, in file order, with the
 * footer's count and sum of billed values over every line (not only the page), and the index of the first
 * divergent line (the modal's "first divergent CT-e" command: page = floor(index / size)).
 */
export interface FretesFatura {
  content: CteFatura[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
  valorFreteTotal: string;
  primeiraDivergencia: number | null;
}

/** POST /faturas/cancelar's answer: the message and the fatura as it is now (CANCELADO, new version). */
export interface FaturaCancelada {
  mensagens: string[];
  fatura: FaturaCompleta;
}

export const fretesFaturaQuerySchema = z.object({
  page: listQuerySchema.shape.page,
  size: listQuerySchema.shape.size.default(TAMANHO_PAGINA_FRETES_FATURA),
});

/** The DOCCOB folders of the company (Configuração shows them read-only next to the XML folders). */
export interface PastasDoccob {
  entrada: string;
  saida: string;
  erro: string;
}
