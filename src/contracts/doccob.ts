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
  /** I = include, E = cancel the fatura it names. */
  acao: 'I' | 'E';
  ctes: CteDoccob[];
  /** What the reader tolerated, in Portuguese (kept on the fatura). */
  avisos: string[];
}

export type LeituraDoccob = { ok: true; faturas: FaturaDoccob[] } | { ok: false; motivo: string };

export const MSG_DOCCOB_VAZIO = 'O arquivo está vazio.';
export const MSG_DOCCOB_NAO_E = 'O arquivo não é um DOCCOB: a primeira linha não é um cabeçalho de intercâmbio (000).';
export const MSG_DOCCOB_SEM_FATURA = 'O arquivo não traz nenhuma fatura (registro 352 ou 552).';
export const MSG_DOCCOB_SEM_TRAILER = 'O arquivo não tem o registro de total (355/559).';
