import type { Empresa } from '../../contracts/common';
import type { StatusItemRomaneioOs, StatusRomaneio } from '../../contracts/romaneio-status';
import type { UnidadeItemRomaneio } from '../../contracts/romaneios';

// Inputs of the three manifest documents (spec 03 §3 "Freight-cost manifest", "Service-order manifest",
// "Related entities used here"; §7 "Manifests"). Read shapes, already joined by the route: names, not ids.
// Money, weights and quantities are decimal strings ("1234.50"); dates "YYYY-MM-DD" or an instant.

/** The driver as printed: CPF in digits or formatted (printed formatted). */
export interface MotoristaDocumento {
  nome: string;
  cpf: string;
  cnh: string;
  rntnc?: string | null;
}

export interface TransportadoraDocumento {
  razaoSocial: string;
  cnpj: string;
}

export interface DetalheRomaneioFrete {
  linha: number;
  descricao: string;
  quantidade: string;
  unidade: string;
  valorTotalItem: string;
}

export interface ItemRomaneioFreteDocumento {
  item: number;
  notaFiscalId: number | string | null;
  pedidoId: number | string | null;
  volumes: number;
  peso: string;
  valorNotaFiscal: string;
  cliente: string;
  transportadora: string;
  detalhes: DetalheRomaneioFrete[];
}

export interface ValoresRomaneio {
  coleta: string;
  frete: string;
  pedagio: string;
  descarga: string;
  outros: string;
}

/** The company itself as its settings name it (null fields: not set; the documents leave them out). */
export interface EmpresaDocumento {
  razaoSocial: string | null;
  /** Digits (printed formatted). */
  cnpj: string | null;
  endereco: string | null;
}

/** Freight-cost manifest (/romaneios/imprimir/{id} and /romaneios/imprimir/contrato/{id}). */
export interface DadosRomaneioFrete {
  empresa: Empresa;
  /** The contract's CONTRATANTE (absent or null: the company code only). */
  contratante?: EmpresaDocumento | null;
  numero: number;
  status: StatusRomaneio;
  dataEmissao: string | Date;
  motorista: MotoristaDocumento;
  /** `placa` null when the manifest has no vehicle (the contract leaves the clause out). */
  veiculo: { placa: string | null; tipo?: string | null; capacidade?: string | null };
  transportadora?: TransportadoraDocumento | null;
  valores: ValoresRomaneio;
  observacao: string | null;
  itens: ItemRomaneioFreteDocumento[];
}

export interface ItemRomaneioOsDocumento {
  item: number;
  pedidoId: number | string | null;
  notaFiscalId: number | string | null;
  cliente: string;
  clienteRetira: boolean;
  /** The redispatch carrier's name, if any. */
  redespacho: string | null;
  quantidadeM2: string;
  pesoLiquido: string;
  pesoBruto: string;
  volumes: number;
  frete: string;
  unidade: UnidadeItemRomaneio;
  valorNotaFiscal: string;
  status: StatusItemRomaneioOs;
  ordensServico: (number | string)[];
  observacao?: string | null;
}

/** Service-order manifest (/romaneios-colacril/imprimir/{id}). */
export interface DadosRomaneioOs {
  empresa: Empresa;
  numero: number;
  status: StatusRomaneio;
  dataEmissao: string | Date;
  transportadora: TransportadoraDocumento;
  motorista: MotoristaDocumento;
  lacre: string;
  tipoVeiculo: string;
  /** "Curitiba/PR". */
  origem: string;
  destino: string;
  placaCarreta: string | null;
  placaCavalo: string | null;
  observacao: string | null;
  itens: ItemRomaneioOsDocumento[];
}

export interface DespesaRomaneio extends ValoresRomaneio {
  numero: number;
  dataEmissao: string | Date;
  /** The driver's name. */
  motorista: string;
}

/** Expenses by period (/romaneios/despesas?inicio=&fim=). */
export interface DadosDespesas {
  empresa: Empresa;
  inicio: string;
  fim: string;
  romaneios: DespesaRomaneio[];
}
