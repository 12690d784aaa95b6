/**
 * Conhecimentos read from a PROCEDA CONEMB file (3.0/3.1 records of 680 characters, 5.0 of 350;
 * ../shared/design/proceda.md). Amounts are exact decimal strings ("33.38"), weights with three decimals at
 * most ("120.50"), dates ISO (YYYY-MM-DD); what a real file leaves blank is null.
 */
export type LayoutConemb = '3.0' | '3.1' | '5.0';

/** One nota fiscal a conhecimento carries (3.x: one of the 40 slots that is not blank; 5.0: a 524). */
export interface NotaConemb {
  serie: string;
  numero: string;
  /** 5.0 only (524); null in 3.x. */
  cnpjEmissor: string | null;
  dataEmissao: string | null;
  valor: string | null;
  peso: string | null;
}

/** The freight components the carrier itemised; "0.00" when the field is zero, null when blank. */
export interface ComponentesConemb {
  fretePeso: string | null;
  freteValor: string | null;
  secCat: string | null;
  itr: string | null;
  despacho: string | null;
  pedagio: string | null;
  ademe: string | null;
}

export interface ConhecimentoConemb {
  /** Line of the file (1-based) of its 322 (3.x) or 522 (5.0), for messages. */
  linha: number;
  filial: string;
  serie: string;
  /** Digits without leading zeros (a CT-e número has at most 9 digits). */
  numero: string;
  dataEmissao: string;
  /** C = CIF, F = FOB; null when blank. */
  condicaoFrete: 'C' | 'F' | null;
  peso: string | null;
  valorTotalFrete: string;
  baseIcms: string | null;
  /** Percent with its decimals as written ("12.00", "17.50"). */
  percentualIcms: string | null;
  valorIcms: string | null;
  componentes: ComponentesConemb;
  substituicaoTributaria: string | null;
  cfop: string | null;
  /** Digits of the issuing carrier's CNPJ, and of the shipper (embarcadora: the sender). */
  cnpjEmissor: string;
  cnpjEmbarcadora: string | null;
  /** 5.0 (522) and some long 3.1 records: the 44-digit CT-e key; null otherwise. */
  chave: string | null;
  /** 5.0 only: the vehicle plate (522 115/9). */
  placa: string | null;
  notas: NotaConemb[];
  /** I = include, C = complement, E = exclude (cancels the conhecimento it names). Blank reads as I. */
  acao: 'I' | 'C' | 'E';
  tipo: string | null;
}

export interface ArquivoConemb {
  layout: LayoutConemb;
  remetente: string;
  destinatario: string;
  idIntercambio: string;
  /** The 320/520 document id ("CONHE…"). */
  documento: string;
  transportadora: { cnpj: string; razaoSocial: string };
  conhecimentos: ConhecimentoConemb[];
  /** The 323/529 trailer; null when the file has none (a warning says so). */
  total: { quantidade: number; valorTotal: string } | null;
  /** What the reader tolerated, in Portuguese. */
  avisos: string[];
}

export type LeituraConemb = { ok: true; arquivo: ArquivoConemb } | { ok: false; motivo: string };

export const MSG_CONEMB_VAZIO = 'O arquivo está vazio.';
export const MSG_CONEMB_NAO_E = 'O arquivo não é um CONEMB: a primeira linha não é um cabeçalho de intercâmbio (000).';
export const MSG_CONEMB_SEM_CONHECIMENTO = 'O arquivo não traz nenhum conhecimento (registro 322 ou 522).';
export const MSG_CONEMB_SEM_TRAILER = 'O arquivo não tem o registro de total (323/529).';
