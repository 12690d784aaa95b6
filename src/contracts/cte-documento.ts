import type { TipoReferencia } from './ocorrencias';
// A CT-e as the XML reader (src/server/ingest/cte-xml.ts) returns it: the document the detail dialog shows.
// Values stay decimal strings as the XML writes them.
// Fields marked "Later field" are optional (docs/decisoes.md §9): the reader leaves them out when the XML does not
// carry them, and documents stored before they came (demo data, the generator's million) never have them. Read absent
// and null alike.

export type Tomador = 'REMETENTE' | 'EXPEDIDOR' | 'RECEBEDOR' | 'DESTINATARIO' | 'OUTROS';

export interface EnderecoCte {
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  codigoMunicipio: number | null;
  municipio: string | null;
  cep: string | null;
  uf: string | null;
  codigoPais: string | null;
  pais: string | null;
}

export interface ParteCte {
  cnpj: string | null;
  cpf: string | null;
  inscricaoEstadual: string | null;
  nome: string;
  nomeFantasia: string | null;
  telefone: string | null;
  endereco: EnderecoCte | null;
}

export interface IcmsCte {
  /** The XML group: ICMS00, ICMS20, ICMS45, ICMS60, ICMS90, ICMSOutraUF or ICMSSN. */
  grupo: string;
  cst: string;
  simplesNacional: boolean;
  baseCalculo: string | null;
  aliquota: string | null;
  valor: string | null;
  /** ICMS60 (tax retained by substitution): the retained base, rate and value. */
  substituicao: { baseCalculo: string | null; aliquota: string | null; valor: string | null } | null;
  /**
   * Later field. Reduction of the tax base, a percentage as written ("50.00" is half): pRedBC of ICMS20 and
   * ICMS90, pRedBCOutraUF of ICMSOutraUF. The effective rate is aliquota × (1 − reducaoBaseCalculo/100).
   */
  reducaoBaseCalculo?: string | null;
  /** Later field. vCred: the credit granted or presumed (ICMS60, ICMS90), R$. */
  valorCredito?: string | null;
  /** Later field. indSN of ICMSSN: true when the issuer declares itself in the Simples Nacional. */
  indicadorSimplesNacional?: boolean | null;
}

/** A transported NF-e (infNFe): its key; series and number come from the key (chaveNfe in src/domain/cte). */
export interface NotaDocumento {
  chave: string;
}

export interface CteLido {
  chave: string;
  versaoLayout: string;
  ambiente: 'PRODUCAO' | 'HOMOLOGACAO';
  identificacao: {
    numeroCte: number;
    modelo: string;
    serie: string;
    cfop: string | null;
    /** As written, with its offset (e.g. 2017-10-07T16:28:10-03:00). */
    dataEmissao: string;
    /** tpCTe: 0 normal, 1 complemento, 2 anulação, 3 substituto. */
    tipoCte: number;
    /** tpServ: 0 normal, 1 subcontratação, 2 redespacho, 3 redespacho intermediário, 4 multimodal. */
    tipoServico: number;
    /** Later field. natOp: the operation's nature as the carrier wrote it. */
    naturezaOperacao?: string | null;
    tomador: Tomador;
    codigoMunicipioOrigem: number;
    nomeMunicipioOrigem: string;
    ufOrigem: string;
    codigoMunicipioDestino: number;
    nomeMunicipioDestino: string;
    ufDestino: string;
  };
  /** The carrier that issued the CT-e. */
  emitente: ParteCte;
  remetente: ParteCte | null;
  destinatario: ParteCte | null;
  expedidor: ParteCte | null;
  recebedor: ParteCte | null;
  /** The party that pays, resolved from toma3/toma4. */
  tomador: ParteCte | null;
  carga: { valorTotal: string | null; produtoPredominante: string | null; itens: { unidade: string; tipoMedida: string; quantidade: string }[] };
  prestacao: { valorTotal: string; valorReceber: string | null; componentes: { nome: string; valor: string }[] };
  icms: IcmsCte | null;
  /**
   * Later field. imp/vTotTrib: the approximate total of every tax on the service (Lei 12.741/2012), R$. Kept
   * beside icms, not in it: it sums all taxes, not ICMS alone.
   */
  valorTotalTributos?: string | null;
  /** Later field. imp/infAdFisco: the issuer's note of interest to the tax authority. */
  observacaoFisco?: string | null;
  /** Later field. compl/xObs: the general observation. */
  observacao?: string | null;
  /** Later field. The carrier's RNTRC (ANTT registration), infCTeNorm/infModal/rodo/RNTRC. */
  rntrc?: string | null;
  /** NF-e keys of the transported invoices, once each, in document order. */
  notas: NotaDocumento[];
  /** The authorisation (protCTe/infProt): protocol number, SEFAZ status code and its motive, received at. */
  protocolo: { numero: string | null; status: number; motivo: string | null; recebidoEm: string | null } | null;
  cancelado: boolean;
  /**
   * Later field (issue 31). The CT-e a complemento (infCteComp/chCTe), anulação (infCteAnu/chCte) or substituto
   * (infCteSub/chCte) refers to.
   */
  referencia?: { tipo: TipoReferencia; chave: string } | null;
  /** Later field (issue 31). What the reader repaired or tolerated in this document (e.g. double-encoded UTF-8), in pt-BR. */
  avisos?: string[];
}

export interface CancelamentoCte {
  chave: string;
  /** A valid date-time with its offset (null when the file has none or an invalid one). */
  dataCancelamento: string | null;
  motivoCancelamento: string | null;
}

export type LeituraCte =
  | {
      tipo: 'CTE';
      cte: CteLido;
      /** docs/decisoes.md §12: the cancellation the cteProc carries after its protocol (cte.cancelado is then true). */
      cancelamento?: CancelamentoCte;
      /** docs/decisoes.md §12: cancellations in the file that do not cancel this CT-e (another key, refused, no return), said why. */
      avisos?: string[];
    }
  | { tipo: 'CANCELAMENTO'; cancelamento: CancelamentoCte }
  | { tipo: 'ERRO'; motivo: string };

