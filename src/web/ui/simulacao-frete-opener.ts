import { criarBus } from '../bus';
import type { MunicipioRef, TransportadoraRef } from '../../contracts/tabela-frete-modelo';

/** The customer as the calculation needs it: CNPJ for the request, city/UF to suggest the destination. */
export interface ClienteCalculo {
  id: number;
  nome: string;
  cpfCnpj: string;
  cidade?: string | null;
  estado?: string | null;
}

/** The "Detalhes" tab of the freight calculation dialog (spec 02 §2). */
export interface FormularioCalculo {
  /** YYYY-MM-DD. */
  dataDespacho: string | null;
  cliente: ClienteCalculo | null;
  /** Null: every carrier. */
  transportadora: TransportadoraRef | null;
  origem: MunicipioRef | null;
  destino: MunicipioRef | null;
  /** Vehicle type id; 0 = "Qualquer". */
  tipoVeiculo: number;
  /** Percentage as typed ("12"); the request carries the fraction. */
  icms: string;
  peso: string;
  valor: string;
}

export interface AberturaSimulacao {
  prefill?: Partial<FormularioCalculo>;
  /** Spec 02 §4: opened from a CT-e, the calculation runs on opening. */
  calcularAoAbrir?: boolean;
}

const aberturas = criarBus<AberturaSimulacao>();

/**
 * Opens the freight calculation dialog over any screen. The shell hosts the dialog and listens here, so
 * a feature (the freight tables, later the CT-e screen) opens it without importing another feature.
 */
export const simulacaoFreteOpener = { abrir: (abertura: AberturaSimulacao = {}) => aberturas.publicar(abertura), assinar: aberturas.assinar };
