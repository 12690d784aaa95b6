import type { StatusItemRomaneioOs, StatusRomaneio, OrigemItemRomaneioOs } from './romaneio-status';

// Manifests (romaneios), spec 03 §2.7, §2.8, §3, §5, §7, §9: the read shapes and the
// messages; the save, list and lookup schemas are in romaneios-salvar.ts). Money, weights and m² are exact decimal strings; dates
// ISO; the lifecycles are machines/romaneio-frete.ts and machines/romaneio-os.ts.

/** Spec §9: the manifest list 50 a page; the items 10 (options 10, 20, 30). */
export const TAMANHO_PAGINA_ROMANEIOS = 50;
export const TAMANHOS_PAGINA_ITENS_ROMANEIO = [10, 20, 30] as const;
export const OBSERVACAO_ROMANEIO_MAXIMO = 4000;
export const PLACA_MAXIMO = 7;
/** Spec §4: new service-order manifests preset these IBGE codes (our reading: Campo Mourão the origin, São Paulo the destination). */
export const ORIGEM_PADRAO_ROMANEIO_OS = 4104303;
export const DESTINO_PADRAO_ROMANEIO_OS = 3550308;
/** Spec §5: the service-order picker's default window, in days from today (São Paulo). */
export const JANELA_OS_DIAS_ANTES = 2;
export const JANELA_OS_DIAS_DEPOIS = 7;

export const UNIDADES_ITEM_ROMANEIO = ['DESCONHECIDO', 'BARRICA', 'CAIXA', 'PALLET'] as const;
export type UnidadeItemRomaneio = (typeof UNIDADES_ITEM_ROMANEIO)[number];

// ---------------------------------------------------------------------------------------------------
// Messages: spec §5 verbatim where it quotes them.

export const MSG_MOTORISTA_OBRIGATORIO = 'O motorista é obrigatório';
export const MSG_ROMANEIO_SEM_ITEM = 'O romaneio deve ter ao menos um item.';
export const mensagemNotaEmOutroRomaneio = (numero: number | string) => `Esta nota fiscal já está presente no romaneio ${numero}.`;
export const MSG_TRANSPORTADORA_NAO_INFORMADA = 'Transportadora não informada.';
export const MSG_MOTORISTA_NAO_INFORMADO = 'Motorista não informado.';
export const MSG_LACRE_NAO_INFORMADO = 'Número do lacre não informado.';
export const mensagemNotaNaoInformadaOs = (os: number | string) => `Nota fiscal não informada a O.S ${os}.`;
export const MSG_LIMITE_PESO_VEICULO = 'Ultrapassou o limite de peso do veículo';
/** Ours, in the spec's voice: the rest of "and similar" (§5) and the freight-cost item checks. */
export const MSG_TIPO_VEICULO_NAO_INFORMADO = 'Tipo de veículo não informado.';
export const MSG_ORIGEM_NAO_INFORMADA = 'Município de origem não informado.';
export const MSG_DESTINO_NAO_INFORMADO = 'Município de destino não informado.';
export const MSG_VEICULO_DA_LISTA = 'Escolha o veículo na lista: o texto digitado não é um veículo cadastrado.';
export const mensagemItemIncompleto = (item: number) => `O item ${item} precisa do número da nota fiscal, do peso e do valor da nota fiscal.`;
export const MSG_FRETE_PARA_FINALIZAR = 'Informe o valor do frete para finalizar o romaneio.';

// ---------------------------------------------------------------------------------------------------
// Read shapes (spec §3).

export interface RefRomaneio {
  id: number;
  nome: string;
}
export interface MotoristaRomaneio {
  id: number;
  nome: string;
  cpfFormatado: string;
  cnh: string | null;
}
export interface VeiculoRomaneio {
  id: number;
  placa: string;
  tipoVeiculo: RefRomaneio | null;
}
export interface MunicipioRomaneio {
  id: number;
  codigo: number;
  nome: string;
  siglaUf: string;
}

/** A detail line of a freight-cost manifest's item (linha from the invoice's itemId). */
export interface DetalheItemRomaneio {
  linha: string;
  descricao: string;
  quantidade: string;
  unidade: string;
  valorTotalItem: string;
  /** The line's share of the freight (src/domain/romaneios/ratear-frete.ts). */
  valorFreteRateio: string;
}

export interface ItemRomaneioFrete {
  item: number;
  notaFiscalId: string;
  pedidoId: string | null;
  volumes: number | null;
  peso: string;
  valorNotaFiscal: string;
  cliente: string | null;
  transportadora: string | null;
  detalhes: DetalheItemRomaneio[];
  /** The invoice has no order (the spec's `_semPedido`). */
  semPedido: boolean;
}

export interface RomaneioFrete {
  id: number | null;
  numero: number | null;
  status: StatusRomaneio;
  dataEmissao: string;
  motorista: MotoristaRomaneio | null;
  veiculo: VeiculoRomaneio | null;
  valorColeta: string | null;
  valorFrete: string | null;
  valorPedagio: string | null;
  valorDescarga: string | null;
  valorOutros: string | null;
  observacao: string | null;
  itens: ItemRomaneioFrete[];
  versao: number;
}

export interface ItemRomaneioOs {
  item: number;
  itemId: string | null;
  pedidoId: string | null;
  observacao: string | null;
  cliente: { id: number; vwCliente: { razaoSocial: string } } | null;
  clienteRetira: boolean;
  redespacho: RefRomaneio | null;
  quantidadeM2: string | null;
  pesoLiquido: string | null;
  pesoBruto: string | null;
  volumes: number | null;
  frete: string | null;
  unidade: UnidadeItemRomaneio;
  valorNotaFiscal: string | null;
  notaFiscalId: string | null;
  status: StatusItemRomaneioOs;
  origem: OrigemItemRomaneioOs;
  ordensServico: string[];
  dataEntrega: string | null;
}

export interface RomaneioOs {
  id: number | null;
  numero: number | null;
  status: StatusRomaneio;
  dataEmissao: string;
  transportadora: RefRomaneio | null;
  motorista: MotoristaRomaneio | null;
  lacre: string | null;
  tipoVeiculo: (RefRomaneio & { capacidade: string | null }) | null;
  origem: MunicipioRomaneio | null;
  destino: MunicipioRomaneio | null;
  placaCarreta: string | null;
  placaCavalo: string | null;
  observacao: string | null;
  itens: ItemRomaneioOs[];
  versao: number;
}

/** A row of either list (spec §2.7: number, status, issue date and time, transport with origin and destination, driver). */
export interface RomaneioLinha {
  id: number;
  numero: number;
  status: StatusRomaneio;
  dataEmissao: string;
  transportadora: string | null;
  origem: { nome: string; siglaUf: string } | null;
  destino: { nome: string; siglaUf: string } | null;
  motorista: string | null;
  versao: number;
}
