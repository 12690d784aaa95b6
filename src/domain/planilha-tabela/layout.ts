import { EVENTOS_ACESSORIOS, ROTULO_EVENTO_ACESSORIO } from '../../contracts/ocorrencias';
import { ACOES_LIMITE, ARREDONDAMENTOS, FAIXA_COMPONENTES, MODALIDADES, RATEIOS_AGRUPAMENTO, ROTULO_MODALIDADE, ROUNDING_MODES } from '../../contracts/tabela-frete-tipos';

// Issue 32: the freight table as a workbook. One sheet per part of the table; row 1 holds the pt-BR labels, row 2
// the machine keys the reader goes by (columns may be reordered, a key starting with "#" is ignored: those are
// the informative columns we write, such as the carrier's name), data from row 3. Rows link by numbers of our
// own (Nº do percurso, Nº do destino, Nº da incidência, Nº do elemento): database ids never reach the user.

export const LINHA_ROTULOS = 1;
export const LINHA_CHAVES = 2;
export const PRIMEIRA_LINHA_DADOS = 3;
/** The very hidden sheet: layout id and version, table id and version (key in column A, value in column B). */
export const ABA_LAYOUT = '_layout';
/** Lists in one cell (tipos de veículo, elementos indexados) are separated by ";". */
export const SEPARADOR_LISTA = ';';

export type TipoColuna =
  | { tipo: 'texto' }
  | { tipo: 'inteiro' }
  /** Decimal with at most `escala` decimals (2 money, 3 quantities, 5 rates and band values). */
  | { tipo: 'decimal'; escala: 2 | 3 | 5 }
  | { tipo: 'data' }
  | { tipo: 'simNao' }
  /** One of `valores` (machine values; `rotulos` are also accepted on import). */
  | { tipo: 'lista'; valores: readonly string[]; rotulos?: Readonly<Record<string, string>> }
  /** Digits of a CNPJ (14) or, with `cpf`, of a CPF (11) or CNPJ. */
  | { tipo: 'documento'; cpf: boolean }
  | { tipo: 'uf' };

export interface ColunaPlanilha {
  chave: string;
  rotulo: string;
  /** The header's note (pt-BR). */
  ajuda: string;
  /** The column must be in the sheet (its cells may still be empty where the rules allow). */
  obrigatoria: boolean;
  /** Cell is required whenever the row has data. */
  celulaObrigatoria?: boolean;
  largura: number;
  t: TipoColuna;
}

export const SIGLAS_UF = ['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO'] as const;
export const SIM = 'SIM';
export const NAO = 'NÃO';
export const NIVEIS_ELEMENTO = ['TABELA', 'PERCURSO', 'INCIDENCIA'] as const;
export type NivelElemento = (typeof NIVEIS_ELEMENTO)[number];

const texto = { tipo: 'texto' } as const;
const inteiro = { tipo: 'inteiro' } as const;
const dinheiro = { tipo: 'decimal', escala: 2 } as const;
const quantidade = { tipo: 'decimal', escala: 3 } as const;
const taxa = { tipo: 'decimal', escala: 5 } as const;
const simNao = { tipo: 'simNao' } as const;
const lista = (valores: readonly string[], rotulos?: Readonly<Record<string, string>>) => ({ tipo: 'lista', valores, rotulos }) as const;

const c = (chave: string, rotulo: string, t: TipoColuna, ajuda: string, extra: Partial<ColunaPlanilha> = {}): ColunaPlanilha => ({
  chave,
  rotulo,
  t,
  ajuda,
  obrigatoria: !chave.startsWith('#'),
  largura: Math.max(12, Math.min(40, rotulo.length + 4)),
  ...extra,
});
const opcional = { obrigatoria: false };
const exigida = { celulaObrigatoria: true };

const percurso = (ajuda: string, extra: Partial<ColunaPlanilha> = {}) => c('PERCURSO', 'Nº do percurso', inteiro, ajuda, extra);
const localColunas = (oQue: string) => [
  c('UF', 'UF', { tipo: 'uf' }, `${oQue} como a UF inteira (sigla). Preencha a UF ou o município, nunca os dois.`),
  c('MUNICIPIO_IBGE', 'Município (código IBGE)', inteiro, `${oQue} como um município: o código IBGE de 7 dígitos. Preencha a UF ou o município, nunca os dois.`),
  c('#MUNICIPIO', 'Município (informativo)', texto, 'Nome do município, só para leitura: a importação usa o código IBGE.'),
];

export const ABAS_PLANILHA = {
  tabela: {
    nome: 'Tabela',
    colunas: [
      c('TRANSPORTADORA_CNPJ', 'CNPJ da transportadora', { tipo: 'documento', cpf: false }, 'CNPJ da transportadora (14 dígitos), já cadastrada no console.', exigida),
      c('#TRANSPORTADORA', 'Razão social (informativo)', texto, 'Razão social da transportadora, só para leitura: a importação usa o CNPJ.'),
      c('INICIO', 'Início da vigência', { tipo: 'data' }, 'Primeiro dia da vigência (dd/mm/aaaa).', exigida),
      c('FIM', 'Fim da vigência', { tipo: 'data' }, 'Último dia da vigência (dd/mm/aaaa); vazio: sem fim.'),
      c('ICMS_INCLUSO', 'Preços já incluem o ICMS', simNao, 'SIM: os preços da tabela já incluem o ICMS (o cálculo não o soma).', opcional),
      c('DESCRICAO_ICMS', 'Descrição do ICMS', texto, 'Como o ICMS aparece no cálculo (vazio: "ICMS").', opcional),
      c('DESCRICAO_PESO_TAXADO', 'Descrição do peso taxado', texto, 'Como o peso taxado aparece no cálculo (vazio: "Peso taxado").', opcional),
    ],
  },
  percursos: {
    nome: 'Percursos',
    colunas: [
      percurso('Número do percurso nesta planilha (1, 2, 3…): as abas Origens, Destinos e Elementos de custo se referem a ele.', exigida),
      c('DESCRICAO', 'Descrição', texto, 'Descrição do percurso (única na tabela), por exemplo "SP → RJ".'),
      c('VALOR_MINIMO', 'Valor mínimo (R$)', dinheiro, 'Frete mínimo do percurso em R$ (0: sem mínimo).', opcional),
      c('VALOR_MAXIMO', 'Valor máximo (R$)', dinheiro, 'Frete máximo do percurso em R$ (0: sem máximo).', opcional),
    ],
  },
  origens: {
    nome: 'Origens',
    colunas: [percurso('Nº do percurso (aba Percursos) desta origem.', exigida), ...localColunas('A origem')],
  },
  destinos: {
    nome: 'Destinos',
    colunas: [
      c('DESTINO', 'Nº do destino', inteiro, 'Número do destino nesta planilha (único em toda a aba): a aba Incidências se refere a ele.', exigida),
      percurso('Nº do percurso (aba Percursos) deste destino.', exigida),
      ...localColunas('O destino'),
    ],
  },
  incidencias: {
    nome: 'Incidências',
    colunas: [
      c('INCIDENCIA', 'Nº da incidência', inteiro, 'Número da incidência nesta planilha: uma linha por cliente, repetindo o número. Os elementos de custo de nível INCIDENCIA se referem a ele.', exigida),
      c('DESTINO', 'Nº do destino', inteiro, 'Nº do destino (aba Destinos) desta incidência.', exigida),
      c('CLIENTE_CPF_CNPJ', 'CPF/CNPJ do cliente', { tipo: 'documento', cpf: true }, 'CPF ou CNPJ do cliente (só dígitos ou formatado), já cadastrado no console.'),
      c('#CLIENTE', 'Cliente (informativo)', texto, 'Nome do cliente, só para leitura: a importação usa o CPF/CNPJ.'),
    ],
  },
  elementos: {
    nome: 'Elementos de custo',
    colunas: [
      c('ELEMENTO', 'Nº do elemento', inteiro, 'Número do elemento de custo nesta planilha: a aba Faixas se refere a ele.', exigida),
      c('NIVEL', 'Nível', lista(NIVEIS_ELEMENTO), 'TABELA: vale para toda a tabela; PERCURSO: só no percurso informado; INCIDENCIA: só na incidência informada.', exigida),
      percurso('Com nível PERCURSO: o Nº do percurso (aba Percursos).'),
      c('INCIDENCIA', 'Nº da incidência', inteiro, 'Com nível INCIDENCIA: o Nº da incidência (aba Incidências).'),
      c('DESCRICAO', 'Descrição', texto, 'Descrição do elemento (única no seu nível), por exemplo "Frete peso".'),
      c('MODALIDADE', 'Modalidade de cálculo', lista(MODALIDADES, ROTULO_MODALIDADE), `Como o elemento é calculado: ${MODALIDADES.map((m) => `${m} = ${ROTULO_MODALIDADE[m]}`).join('; ')}.`, exigida),
      c('VALOR_MINIMO', 'Valor mínimo (R$)', dinheiro, 'Valor mínimo do elemento em R$.', opcional),
      c('VALOR_LIMITE', 'Valor limite (R$)', dinheiro, 'Valor limite do elemento em R$ (0: sem limite).', opcional),
      c('ACOES_LIMITE', 'Ação no limite', lista(ACOES_LIMITE), 'LIMITAR: o valor para no limite; EXCLUSIVO: passando do limite, só este elemento vale.', opcional),
      c('ARREDONDAMENTO', 'Arredondamento', lista(ARREDONDAMENTOS), 'Arredondamento da quantidade: NENHUM, PARA_CIMA ou PARA_BAIXO (ao múltiplo do valor de arredondamento).', opcional),
      c('VALOR_ARREDONDAMENTO', 'Valor de arredondamento', quantidade, 'O múltiplo do arredondamento (maior que zero quando há arredondamento), por exemplo 100 para frações de 100 kg.', opcional),
      c('ROUNDING_MODE', 'Modo de arredondamento', lista(ROUNDING_MODES), 'HALF_UP: meio para cima; HALF_DOWN: meio para baixo.', opcional),
      c('FAIXA_COMPONENTE', 'Componente da faixa', lista(FAIXA_COMPONENTES), 'Qual grandeza escolhe a faixa: NORMAL (a da modalidade), PESO, DISTANCIA ou VALOR.', opcional),
      c('INCIDE_IMPOSTO', 'Incide imposto', simNao, 'SIM: o ICMS incide sobre este elemento.', opcional),
      c('EXCLUSIVO', 'Exclusivo', simNao, 'SIM: elemento exclusivo.', opcional),
      c('RATEIO', 'Rateio', simNao, 'SIM: elemento rateado.', opcional),
      c('ELEMENTOS_INDEXADOS', 'Elementos indexados', texto, 'Só para modalidades por índice: descrições dos elementos somados, separadas por ";".', opcional),
      c('TIPOS_VEICULO', 'Tipos de veículo', texto, 'Tipos de veículo a que o elemento se aplica, separados por ";" (vazio: todos).', opcional),
      c('DESDE_ENTREGA', 'Desde a entrega', inteiro, 'A partir de qual entrega do agrupamento o elemento vale (1: desde a primeira).', opcional),
      c('RATEIO_AGRUPAMENTO', 'Rateio do agrupamento', lista(RATEIOS_AGRUPAMENTO), 'Como o elemento se reparte num agrupamento: NENHUM, PESO ou VALOR.', opcional),
      c('EVENTO', 'Evento', lista(EVENTOS_ACESSORIOS, ROTULO_EVENTO_ACESSORIO), `Cobrança acessória ligada a um evento (vazio: elemento comum): ${EVENTOS_ACESSORIOS.join(', ')}.`, opcional),
      c('PERCENTUAL_FRETE', 'Percentual do frete', taxa, 'Com evento: a cobrança como percentual do frete original (50 = 50 %); vazio: pela modalidade e faixas.', opcional),
    ],
  },
  faixas: {
    nome: 'Faixas',
    colunas: [
      c('ELEMENTO', 'Nº do elemento', inteiro, 'Nº do elemento de custo (aba Elementos de custo) desta faixa. As faixas de um elemento vêm em ordem crescente de limite.', exigida),
      c('FAIXA_LIMITE', 'Limite superior', quantidade, 'Limite superior da faixa (kg, km, R$ ou índice, conforme a modalidade), no máximo 9999999.'),
      c('VALOR', 'Valor', taxa, 'Valor da faixa: R$ por unidade (kg, km), percentual (valor, índice) ou valor fixo, com até 5 casas decimais.', exigida),
    ],
  },
} as const satisfies Record<string, { nome: string; colunas: readonly ColunaPlanilha[] }>;

export type IdAba = keyof typeof ABAS_PLANILHA;
export const IDS_ABAS = Object.keys(ABAS_PLANILHA) as IdAba[];

/** The column of `aba` with `chave` (the reader's and the validation's places name columns by their label). */
export function colunaDe(aba: IdAba, chave: string): ColunaPlanilha {
  const col = (ABAS_PLANILHA[aba].colunas as readonly ColunaPlanilha[]).find((x) => x.chave === chave);
  if (!col) throw new Error(`coluna ${chave} fora do layout da aba ${aba}`);
  return col;
}
export const rotuloDe = (aba: IdAba, chave: string): string => colunaDe(aba, chave).rotulo;
