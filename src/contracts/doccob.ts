/**
 * A carrier invoice read from a PROCEDA DOCCOB file (3.0A or 5.0; ../shared/design/proceda.md). Amounts are
 * exact decimal strings ("22813.04"), dates ISO (YYYY-MM-DD); what a real file leaves blank is null.
 */
export type LayoutDoccob = '3.0A' | '5.0';

export interface NotaDoccob {
  serie: string;
  numero: string;
  dataEmissao: string | null;
  peso: string | null;
  valor: string | null;
  cnpjEmissor: string | null;
}

export interface CteDoccob {
  /** Line of the file (1-based), for messages. */
  linha: number;
  filial: string;
  serie: string;
  numero: string;
  valorFrete: string | null;
  dataEmissao: string | null;
  cnpjRemetente: string | null;
  cnpjDestinatario: string | null;
  cnpjEmissor: string | null;
  /** The 44-digit CT-e key some carriers append at 96/44. */
  chave: string | null;
  notas: NotaDoccob[];
}

export interface FaturaDoccob {
  layout: LayoutDoccob;
  remetente: string;
  destinatario: string;
  idIntercambio: string;
  // The fields from here to digitoConta, and `total`, came later (docs/decisoes.md §19): optional (a writer's
  // input may omit them, meaning blank); the reader always fills them (null when blank).
  /**
   * When the interchange was made (000: DDMMAA at 74, HHMM at 80), as written, no time zone:
   * "2021-06-24T11:07", or "2021-06-24" when the time is blank; null when the date is blank or not a date.
   */
  dataIntercambio?: string | null;
  /** The 350/550 document id ("COBRA…"). */
  documento: string;
  transportadora: { cnpj: string; razaoSocial: string };
  filial: string;
  tipo: string;
  serie: string;
  numero: string;
  dataEmissao: string;
  dataVencimento: string | null;
  valor: string;
  tipoCobranca: string;
  /** 3.0A 352 at 62; 5.0: the 553 that follows the 552. */
  valorIcms?: string | null;
  /** Interest per day late (3.0A 77/15; 5.0 66/15). */
  valorJurosDia?: string | null;
  dataLimiteDesconto?: string | null;
  /** Discount (or surcharge) (3.0A 100/15; 5.0 89/15). */
  valorDesconto?: string | null;
  /** Collection agent (3.0A 115/35; 5.0: the bank's name, 109/30). */
  agenteCobranca?: string | null;
  /** Bank agency, account and their check digits; null when the file leaves them blank or all zeros. */
  agencia?: string | null;
  digitoAgencia?: string | null;
  conta?: string | null;
  digitoConta?: string | null;
  /** I = include, E = cancel the fatura it names. */
  acao: 'I' | 'E';
  ctes: CteDoccob[];
  /** The file's 355/559 trailer (it belongs to every fatura of the file); null when the file has none. */
  total?: { quantidade: number; valorTotal: string } | null;
  /** What the reader tolerated, in Portuguese (kept on the fatura). */
  avisos: string[];
}

export type LeituraDoccob = { ok: true; faturas: FaturaDoccob[] } | { ok: false; motivo: string };

export const MSG_DOCCOB_VAZIO = 'O arquivo está vazio.';
export const MSG_DOCCOB_NAO_E = 'O arquivo não é um DOCCOB: a primeira linha não é um cabeçalho de intercâmbio (000).';
export const MSG_DOCCOB_SEM_FATURA = 'O arquivo não traz nenhuma fatura (registro 352 ou 552).';
export const MSG_DOCCOB_SEM_TRAILER = 'O arquivo não tem o registro de total (355/559).';
