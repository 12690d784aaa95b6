import { z } from 'zod';
import { CODIGOS_OBSERVACAO, textoOcorrencia } from './ocoren';

// Issue 31: the occurrences of a delivery (PROCEDA OCOREN lines and the CT-e 4.00 delivery events), the
// accessorial charges they justify, and the CT-es that refer to another (complemento, anulação, substituto).
// docs/decisoes.md §38 says why each code justifies what it does.

/** Where an occurrence came from: a line of an OCOREN file, or a CT-e event (XML file, upload, SEFAZ). */
export const ORIGENS_OCORRENCIA = ['OCOREN', 'EVENTO_CTE'] as const;
export type OrigemOcorrencia = (typeof ORIGENS_OCORRENCIA)[number];

/** The accessorial charges a cost element of a freight table may be tied to (priced only with a matching occurrence). */
export const EVENTOS_ACESSORIOS = ['REENTREGA', 'DEVOLUCAO', 'DIARIA', 'TDE', 'AGENDAMENTO'] as const;
export type EventoAcessorio = (typeof EVENTOS_ACESSORIOS)[number];
export const ROTULO_EVENTO_ACESSORIO: Record<EventoAcessorio, string> = {
  REENTREGA: 'Reentrega',
  DEVOLUCAO: 'Devolução',
  DIARIA: 'Diária/estadia',
  TDE: 'TDE (taxa de dificuldade de entrega)',
  AGENDAMENTO: 'Agendamento',
};

/** What an occurrence means for the audit: an accessorial it justifies, a proof of delivery, or a failed attempt. */
export type SentidoOcorrencia = EventoAcessorio | 'ENTREGA' | 'INSUCESSO';

/**
 * PROCEDA codes and the accessorial they justify. 22 ("Reentrega sem cobrança do cliente") says the
 * re-delivery is not charged, so it justifies nothing. A failed attempt (INSUCESSO) also justifies a re-delivery.
 */
export const CODIGOS_POR_SENTIDO: Readonly<Record<SentidoOcorrencia, readonly string[]>> = {
  REENTREGA: ['19', '24'],
  DEVOLUCAO: ['25'],
  DIARIA: ['28', '88', '89'],
  TDE: ['76'],
  AGENDAMENTO: ['91'],
  ENTREGA: ['01', '02', '31'],
  INSUCESSO: ['06', '20', '21', '34', '43', '46', '60', '77'],
};

/** The CT-e 4.00 delivery events (tpEvento) and their cancellations. */
export const EVENTOS_ENTREGA_CTE = {
  '110180': 'Comprovante de Entrega do CT-e',
  '110181': 'Cancelamento do Comprovante de Entrega do CT-e',
  '110190': 'Insucesso na Entrega do CT-e',
  '110191': 'Cancelamento do Insucesso de Entrega do CT-e',
} as const;
export type TipoEventoEntrega = keyof typeof EVENTOS_ENTREGA_CTE;

/** The insucesso's tpMotivo (evIECTe). */
export const MOTIVOS_INSUCESSO: Readonly<Record<string, string>> = {
  '1': 'Recebedor não encontrado',
  '2': 'Recusa do recebedor',
  '3': 'Endereço inexistente',
  '4': 'Outros',
};

const normalizar = (t: string) => t.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * What an occurrence means: by its PROCEDA code, by an observation code of return (01, 02: devolução total or
 * parcial) or, for TDE, by its text naming the fee; a CT-e event by its type. null: it justifies nothing.
 */
export function sentidoDaOcorrencia(origem: OrigemOcorrencia, codigo: string, codigoObservacao: string | null, texto: string | null): SentidoOcorrencia | null {
  if (origem === 'EVENTO_CTE') return codigo === '110180' ? 'ENTREGA' : codigo === '110190' ? 'INSUCESSO' : null;
  for (const [sentido, codigos] of Object.entries(CODIGOS_POR_SENTIDO)) if (codigos.includes(codigo)) return sentido as SentidoOcorrencia;
  if (codigoObservacao === '01' || codigoObservacao === '02') return 'DEVOLUCAO';
  if (texto && /\btde\b|dificuldade de entrega/.test(normalizar(texto))) return 'TDE';
  return null;
}

/** Does an occurrence of this meaning justify the accessorial `evento`? A failed attempt justifies a re-delivery. */
export const justifica = (sentido: SentidoOcorrencia | null, evento: EventoAcessorio) => sentido === evento || (evento === 'REENTREGA' && sentido === 'INSUCESSO');

/** The text shown for an occurrence's code. */
export function textoDoCodigo(origem: OrigemOcorrencia, codigo: string): string {
  if (origem === 'EVENTO_CTE') return EVENTOS_ENTREGA_CTE[codigo as TipoEventoEntrega] ?? `Evento ${codigo}`;
  return textoOcorrencia(codigo) ?? `Código ${codigo} (fora da tabela PROCEDA)`;
}
export const textoObservacao = (codigo: string | null) => (codigo ? (CODIGOS_OBSERVACAO[codigo] ?? null) : null);

/** One occurrence in a CT-e's timeline (GET /ctes/{id}/ocorrencias) and in the occurrences list. */
export const ocorrenciaSchema = z.object({
  id: z.number().int(),
  origem: z.enum(ORIGENS_OCORRENCIA),
  /** ISO with offset. */
  dataHora: z.string(),
  /** PROCEDA code ("24") or CT-e event type ("110180"). */
  codigo: z.string(),
  texto: z.string(),
  sentido: z.enum([...EVENTOS_ACESSORIOS, 'ENTREGA', 'INSUCESSO']).nullable(),
  observacao: z.string().nullable(),
  /** NF as the OCOREN names it ("12345678000190 1/4521"); null for a CT-e event. */
  notaFiscal: z.string().nullable(),
  arquivo: z.string(),
  linha: z.number().int().nullable(),
  /** A cancelled CT-e event (110181/110191 read after it): shown struck through, justifies nothing. */
  cancelada: z.boolean(),
  lidaEm: z.string(),
});
export type OcorrenciaCte = z.infer<typeof ocorrenciaSchema>;

/** An occurrence of the list (GET /ocorrencias): with the CT-es it is linked to (none: "não vinculada"). */
export const ocorrenciaListaSchema = ocorrenciaSchema.extend({
  transportadoraCnpj: z.string().nullable(),
  ctes: z.array(z.object({ id: z.number().int(), numero: z.number().int(), serie: z.string() })),
});
export type OcorrenciaLista = z.infer<typeof ocorrenciaListaSchema>;

/** GET /ocorrencias/ler-arquivos and the upload: what one reading did. */
export const resultadoLeituraOcorenSchema = z.object({
  arquivos: z.number().int(),
  /** Occurrences read and stored (re-sent ones already stored are counted apart). */
  lidas: z.number().int(),
  repetidas: z.number().int(),
  naoVinculadas: z.number().int(),
  recusados: z.array(z.object({ arquivo: z.string(), motivo: z.string() })),
  avisos: z.array(z.object({ arquivo: z.string(), mensagem: z.string() })),
  mensagens: z.array(z.string()),
});
export type ResultadoLeituraOcoren = z.infer<typeof resultadoLeituraOcorenSchema>;

/** How a CT-e refers to another (tpCTe 1, 2, 3). */
export const TIPOS_REFERENCIA = ['COMPLEMENTO', 'ANULACAO', 'SUBSTITUICAO'] as const;
export type TipoReferencia = (typeof TIPOS_REFERENCIA)[number];
export const referenciaDoTipo = (tipoCte: number): TipoReferencia | null => (tipoCte === 1 ? 'COMPLEMENTO' : tipoCte === 2 ? 'ANULACAO' : tipoCte === 3 ? 'SUBSTITUICAO' : null);

/** Company setting: a charged accessorial with no occurrence is a failure (default) or an observation. */
export const OCORRENCIA_AUSENTE = ['FALHA', 'OBSERVACAO'] as const;
export type OcorrenciaAusente = (typeof OCORRENCIA_AUSENTE)[number];
export const OCORRENCIA_AUSENTE_PADRAO: OcorrenciaAusente = 'FALHA';

export const MSG_OCOREN_LEITURA_VAZIA = 'Nenhum arquivo OCOREN na pasta de entrada.';
export const resumoLeituraOcoren = (lidas: number, repetidas: number, naoVinculadas: number, recusados: number) =>
  `${lidas} ocorrência(s) lida(s), ${repetidas} já conhecida(s), ${naoVinculadas} sem CT-e vinculado, ${recusados} arquivo(s) recusado(s).`;

/**
 * GET /ocorrencias: Page<OcorrenciaLista>, server-paged, newest read first. GET /ocorrencias/ctes/{id} (page and size
 * only): that CT-e's timeline, oldest occurrence first.
 */
export const ocorrenciaListaQuerySchema = z.object({
  page: z.coerce.number({ error: 'A página deve ser um número.' }).int('A página deve ser um número inteiro.').min(0, 'A página não pode ser negativa.').default(0),
  size: z.coerce
    .number({ error: 'O tamanho da página deve ser 50, 100 ou 200.' })
    .refine((n) => [50, 100, 200].includes(n), 'O tamanho da página deve ser 50, 100 ou 200.')
    .default(50),
  naoVinculadas: z
    .enum(['true', 'false'], { error: 'naoVinculadas deve ser true ou false.' })
    .optional()
    .transform((v) => v === 'true'),
});
export type OcorrenciaListaQuery = z.infer<typeof ocorrenciaListaQuerySchema>;

// ---- The audit of accessorial charges and of CT-es that refer to another (issue 31, task C).

/** The accessorial as the audit's messages name it (short, with its grammatical gender). */
const NOME_COBRANCA: Record<EventoAcessorio, { nome: string; masculino: boolean }> = {
  REENTREGA: { nome: 'Reentrega', masculino: false },
  DEVOLUCAO: { nome: 'Devolução', masculino: false },
  DIARIA: { nome: 'Diária/estadia', masculino: false },
  TDE: { nome: 'TDE', masculino: false },
  AGENDAMENTO: { nome: 'Agendamento', masculino: true },
};
export const nomeCobrancaAcessoria = (evento: EventoAcessorio) => NOME_COBRANCA[evento].nome;

/** `Reentrega cobrada sem ocorrência que a justifique.` (the verdict's message, FALHA or OBSERVACOES by the company setting). */
export const mensagemAcessorioSemOcorrencia = (evento: EventoAcessorio) => {
  const { nome, masculino } = NOME_COBRANCA[evento];
  return masculino ? `${nome} cobrado sem ocorrência que o justifique.` : `${nome} cobrada sem ocorrência que a justifique.`;
};

/** The audit of a complement (tpCTe 1) whose original CT-e is not stored. */
export const mensagemComplementoSemOriginal = (chave: string | null) =>
  chave
    ? `CT-e complementar: o CT-e original (chave ${chave}) não está no sistema; leia o XML dele para auditar este complemento.`
    : 'CT-e complementar sem a chave do CT-e original: não é possível auditá-lo.';

/** Why a CT-e is not payable (the fatura check, the payment rules, the audit's skip of an anulação). */
export const motivoSubstituido = (numero: number) => `Substituído pelo CT-e ${numero}.`;
export const motivoAnulado = (numero: number) => `Anulado pelo CT-e ${numero}.`;
export const MOTIVO_CTE_ANULACAO = 'CT-e de anulação: não há frete a pagar.';

/** The audit skips an anulação (tpCTe 2) into `ignorados`. */
export const mensagemAuditoriaAnulacao = (numeroAnulado: number | null) =>
  numeroAnulado === null
    ? 'CT-e de anulação: não há frete a pagar; não é auditado.'
    : `CT-e de anulação: não há frete a pagar; o CT-e ${numeroAnulado} anulado deixa de ser pagável.`;
