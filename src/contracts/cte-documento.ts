// A CT-e as the XML reader (src/server/ingest/cte-xml.ts) returns it: the document the detail dialog shows.
// Values stay decimal strings as the XML writes them.

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
  /** NF-e keys of the transported invoices, once each, in document order. */
  notas: { chave: string }[];
  protocolo: { numero: string | null; status: number; motivo: string | null; recebidoEm: string | null } | null;
  cancelado: boolean;
}

export interface CancelamentoCte {
  chave: string;
  dataCancelamento: string | null;
  motivoCancelamento: string | null;
}

export type LeituraCte = { tipo: 'CTE'; cte: CteLido } | { tipo: 'CANCELAMENTO'; cancelamento: CancelamentoCte } | { tipo: 'ERRO'; motivo: string };

