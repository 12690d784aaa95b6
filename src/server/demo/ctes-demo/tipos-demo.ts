import type { Empresa } from '../../../contracts/common';
import type { StatusCte } from '../../../contracts/cte-status';
import type { Tomador } from '../../../contracts/cte-documento';
import type { CodigoInconsistencia } from '../../../contracts/ctes';
import type { ResultadoCalculo } from '../../../contracts/calculo-frete';
import type { ToleranciaAuditoria } from '../../../domain/auditoria/veredito-auditoria';
import type { MunicipioCalculo } from '../../../domain/frete/calcular-frete';
import type { Aleatorio } from './aleatorio';

// The shapes the demo seed reads from the registers and plans before writing anything.

export interface Municipio extends MunicipioCalculo {
  cUf: string;
}

export interface Transportadora {
  id: number;
  razaoSocial: string;
  nomeFantasia: string | null;
  cnpj: string;
  ie: string | null;
  telefone: string | null;
  logradouro: string | null;
  cep: string | null;
  bairro: string | null;
  municipio: Municipio | null;
  cUf: string;
  comTabela: boolean;
}

export interface Cliente {
  id: number;
  erpId: string;
  razaoSocial: string;
  nomeFantasia: string | null;
  documento: string;
  municipio: Municipio;
  /** Registers with the same CPF/CNPJ (incidences match on these). */
  ids: number[];
}

/** What the seed reads from the database before planning (null from the loader: nothing to seed). */
export interface DadosDemo {
  /** The company's plants, in EMPRESAS_DEMO's order. */
  plantas: Municipio[];
  /** Active carriers with a valid CNPJ: with a freight table, and without one. */
  tabeladas: Transportadora[];
  semTabela: Transportadora[];
  /** Active customers with a document and a known municipality. */
  clientes: Cliente[];
  tolerancia: ToleranciaAuditoria;
  /** Who approved the reviewed audits, and the vehicle type of grouped CT-es. */
  responsavel: number | null;
  truck: number | null;
}

/** What every step shares: one random sequence, so the order of the draws is the behaviour. */
export interface ContextoDemo {
  empresa: Empresa;
  hoje: Date;
  r: Aleatorio;
  dados: DadosDemo;
}

export interface NotaPlano {
  chave: string;
  numero: number;
  notaFiscalId: string;
  pedidoId: string;
  dataEmissao: string;
  pesoBruto: string;
  pesoLiquido: string;
  valor: string;
  valorTotalProdutos: string;
}

/** The plan of one CT-e. */
export interface Plano {
  status: StatusCte;
  ms: number;
  transportadora: Transportadora;
  tipo: 'SAIDA' | 'ENTRADA';
  cliente: Cliente;
  planta: number;
  tomador: Tomador;
  /** Another customer: the expedidor, recebedor or payer (OUTROS) when the tomador is one of those. */
  terceiro: Cliente | null;
  notas: NotaPlano[];
  pesoBruto: string;
  valorNotas: string;
  inconsistencias: CodigoInconsistencia[];
  agrupamento: 'CANDIDATO' | 'AGRUPADO' | null;
  grupo: number | null;
  codigoCobranca: string | null;
  /** CANCELADO by the protocol at reading (not processed), or by an event after processing. */
  canceladoNaLeitura: boolean;
  /** The audit: the engine's result and the value charged. */
  calculo: ResultadoCalculo | null;
  cobrado: string | null;
}

export const processado = (p: Plano) => p.status !== 'LIDO' && !p.canceladoNaLeitura;

/** SAIDA: from the plant to the customer; ENTRADA: from the customer to the plant. */
export const rota = (p: Plano, plantas: Municipio[]) =>
  p.tipo === 'SAIDA' ? { origem: plantas[p.planta], destino: p.cliente.municipio } : { origem: p.cliente.municipio, destino: plantas[p.planta] };
