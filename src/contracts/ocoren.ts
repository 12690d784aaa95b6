/**
 * Occurrences read from a PROCEDA OCOREN file (3.1: records of 120 characters; 5.0: 250). Each occurrence names
 * its nota fiscal (issuer CNPJ + série + número), which links it to the CT-es that carry that NF.
 */
export type LayoutOcoren = '3.1' | '5.0';

/**
 * The PROCEDA occurrence codes (OCOREN "código de ocorrência na entrega", 01-99) with their published texts.
 * 5.0 writes the code in 3 digits ("001"): the reader keeps two ("01").
 */
export const CODIGOS_OCORRENCIA: Readonly<Record<string, string>> = {
  '00': 'Processo de transporte já iniciado',
  '01': 'Entrega realizada normalmente',
  '02': 'Entrega fora da data programada',
  '03': 'Recusa por falta de pedido de compra',
  '04': 'Recusa por pedido de compra cancelado',
  '05': 'Falta de espaço físico no depósito do cliente destino',
  '06': 'Endereço do cliente destino não localizado',
  '07': 'Devolução não autorizada pelo cliente',
  '08': 'Preço da mercadoria em desacordo com o pedido de compra',
  '09': 'Mercadoria em desacordo com o pedido de compra',
  '10': 'Cliente destino somente recebe mercadoria com frete pago',
  '11': 'Recusa por deficiência de embalagem da mercadoria',
  '12': 'Redespacho não indicado',
  '13': 'Transportadora não atende a cidade do cliente destino',
  '14': 'Mercadoria sinistrada',
  '15': 'Embalagem sinistrada',
  '16': 'Pedido de compras em duplicidade',
  '17': 'Mercadoria fora da embalagem de atacadista',
  '18': 'Mercadorias trocadas',
  '19': 'Reentrega solicitada pelo cliente',
  '20': 'Entrega prejudicada por horário/falta de tempo hábil',
  '21': 'Estabelecimento fechado',
  '22': 'Reentrega sem cobrança do cliente',
  '23': 'Extravio de mercadoria em trânsito',
  '24': 'Mercadoria reentregue ao cliente destino',
  '25': 'Mercadoria devolvida ao cliente de origem',
  '26': 'Nota fiscal retida pela fiscalização',
  '27': 'Roubo de carga',
  '28': 'Mercadoria retida até segunda ordem',
  '29': 'Cliente retira mercadoria na transportadora',
  '30': 'Problema com a documentação (nota fiscal e/ou CTRC)',
  '31': 'Entrega com indenização efetuada',
  '32': 'Falta com solicitação de reposição',
  '33': 'Falta com busca/reconferência',
  '34': 'Cliente fechado para balanço',
  '35': 'Quantidade de produto em desacordo (nota fiscal e/ou pedido)',
  '36': 'Extravio de documentos pela cia. aérea',
  '37': 'Extravio de carga pela cia. aérea',
  '38': 'Avaria de carga pela cia. aérea',
  '39': 'Corte de carga na pista',
  '40': 'Aeroporto fechado na origem',
  '41': 'Pedido de compra incompleto',
  '42': 'Nota fiscal com produtos de setores diferentes',
  '43': 'Feriado local/nacional',
  '44': 'Excesso de veículos',
  '45': 'Cliente destino encerrou atividades',
  '46': 'Responsável de recebimento ausente',
  '47': 'Cliente destino em greve',
  '48': 'Aeroporto fechado no destino',
  '49': 'Voo cancelado',
  '50': 'Greve nacional (greve geral)',
  '51': 'Mercadoria vencida (data de validade expirada)',
  '52': 'Mercadoria redespachada (entregue para redespacho)',
  '53': 'Mercadoria não foi embarcada, permanecendo na origem',
  '54': 'Mercadoria embarcada sem conhecimento/conhecimento não embarcado',
  '55': 'Endereço de transportadora de redespacho não localizado/informado',
  '56': 'Cliente não aceita mercadoria com pagamento de reembolso',
  '57': 'Transportadora não atende a cidade da transportadora de redespacho',
  '58': 'Quebra do veículo de entrega',
  '59': 'Cliente sem verba para pagar o frete',
  '60': 'Endereço de entrega errado',
  '61': 'Cliente sem verba para reembolso',
  '62': 'Recusa da carga por valor de frete errado',
  '63': 'Identificação do cliente não informada/enviada/insuficiente',
  '64': 'Cliente não identificado/cadastrado',
  '65': 'Entrar em contato com o comprador',
  '66': 'Troca não disponível',
  '67': 'Fins estatísticos',
  '68': 'Data de entrega diferente do pedido',
  '69': 'Substituição tributária',
  '70': 'Sistema fora do ar',
  '71': 'Cliente destino não recebe pedido parcial',
  '72': 'Cliente destino só recebe pedido parcial',
  '73': 'Redespacho somente com frete pago',
  '74': 'Funcionário não autorizado a receber mercadorias',
  '75': 'Mercadoria embarcada para rota indevida',
  '76': 'Estrada/entrada de acesso interditada',
  '77': 'Cliente destino mudou de endereço',
  '78': 'Avaria total',
  '79': 'Avaria parcial',
  '80': 'Extravio total',
  '81': 'Extravio parcial',
  '82': 'Sobra de mercadoria sem nota fiscal',
  '83': 'Mercadoria em poder da SUFRAMA para internação',
  '84': 'Mercadoria retirada para conferência',
  '85': 'Apreensão fiscal da mercadoria',
  '86': 'Excesso de carga/peso',
  '87': 'Férias coletivas',
  '88': 'Recusado, aguardando negociação',
  '89': 'Aguardando refaturamento das mercadorias',
  '90': 'Recusado pelo redespachante',
  '91': 'Entrega programada',
  '92': 'Problemas fiscais',
  '93': 'Aguardando carta de correção',
  '94': 'Recusa por divergência nas condições de pagamento',
  '95': 'Carga aguardando voo de conexão',
  '96': 'Carga sem embalagem própria para transporte aéreo',
  '97': 'Carga com dimensão superior ao porão da aeronave',
  '98': 'Chegada na cidade ou filial de destino',
  '99': 'Outros tipos de ocorrências não especificados acima',
};

/** The observation codes of a 342/542 ("código de observação de ocorrência na entrega"). */
export const CODIGOS_OBSERVACAO: Readonly<Record<string, string>> = {
  '01': 'Devolução/recusa total',
  '02': 'Devolução/recusa parcial',
  '03': 'Aceite/entrega por acordo',
};

/** The published text of an occurrence code ("1", "01" or "001"); null when the table has none. */
export function textoOcorrencia(codigo: string): string | null {
  const chave = codigo.replace(/^0+(?=\d\d)/, '').padStart(2, '0');
  return CODIGOS_OCORRENCIA[chave] ?? null;
}

/** The carrier's own CT-e (or the contracting carrier's, in a redespacho) as the record names it. */
export interface ConhecimentoOcoren {
  /** 343/545: the carrier that contracted the freight; null in a 542's own CT-e. */
  cnpjContratante: string | null;
  /** 545 only: the CNPJ of the CT-e's issuer. */
  cnpjEmissor: string | null;
  filial: string;
  serie: string;
  numero: string;
}

export interface Ocorrencia {
  /** Line of its 342/542 (1-based), for messages. */
  linha: number;
  /** Digits of the CNPJ that issued the nota fiscal (the shipper). */
  cnpjEmissorNf: string;
  serieNf: string;
  /** Digits without leading zeros. */
  numeroNf: string;
  /** Two digits ("01"); the table's text in `descricao` (null for a code it lacks: a warning says so). */
  codigo: string;
  descricao: string | null;
  /** Local date and time as written, ISO without a zone ("2026-03-05T14:30"); 00:00 when the time is blank. */
  dataHora: string;
  /** 01 = devolução/recusa total, 02 = parcial, 03 = aceite por acordo; null when blank or 00. */
  codigoObservacao: string | null;
  /** 3.1: the free text at 45/70; 5.0: the 543's reasons joined; null when blank. */
  observacao: string | null;
  /** 5.0: the CT-e the 542 names (filial 127, série 137, número 142); null when blank and in 3.1. */
  conhecimento: ConhecimentoOcoren | null;
  /** 3.1 343 / 5.0 545: the redespacho's contracting carrier and its CT-e. */
  redespacho: ConhecimentoOcoren | null;
  /** The 44-digit CT-e key: no published OCOREN record carries one, so only a longer record's 44 digits after the layout end fill it. */
  chaveCte: string | null;
}

export type LeituraOcoren =
  | {
      ok: true;
      layout: LayoutOcoren;
      /** The 340/540 document id ("OCO31…", "OCORR50…"). */
      documento: string;
      transportadora: { cnpj: string; razaoSocial: string } | null;
      ocorrencias: Ocorrencia[];
      /** What the reader tolerated, in Portuguese. */
      avisos: string[];
    }
  | { ok: false; motivo: string };

export const MSG_OCOREN_VAZIO = 'O arquivo está vazio.';
export const MSG_OCOREN_NAO_E = 'O arquivo não é um OCOREN: a primeira linha não é um cabeçalho de intercâmbio (000).';
export const MSG_OCOREN_SEM_OCORRENCIA = 'O arquivo não traz nenhuma ocorrência (registro 342 ou 542).';
export const MSG_OCOREN_SEM_TRAILER = 'O arquivo não tem o registro de total (549).';

export const avisoCodigoDesconhecido = (linha: number, codigo: string) =>
  `Linha ${linha}: código de ocorrência ${codigo} fora da tabela PROCEDA; a ocorrência foi lida sem descrição.`;
export const avisoTotalOcoren = (linha: number, diz: number, traz: number) =>
  `Linha ${linha}: o total do arquivo (549) diz ${diz} ocorrência(s), mas o arquivo traz ${traz}.`;
export const recusaCampoOcoren = (linha: number, registro: string, campo: string, posicao: number, porque: string) =>
  `Linha ${linha}, registro ${registro}, campo ${campo} (posição ${posicao}): ${porque}`;
