import type { LayoutDoccob } from '../../../contracts/doccob';

/** A field: 1-based start and length, as the manuals write them; N = digits with `casas` implied decimals. */
export interface Campo {
  nome: string;
  inicio: number;
  tamanho: number;
  tipo: 'A' | 'N' | 'D';
  casas?: number;
}

const a = (nome: string, inicio: number, tamanho: number): Campo => ({ nome, inicio, tamanho, tipo: 'A' });
const n = (nome: string, inicio: number, tamanho: number, casas = 0): Campo => ({ nome, inicio, tamanho, tipo: 'N', casas });
const d = (nome: string, inicio: number): Campo => ({ nome, inicio, tamanho: 8, tipo: 'D' });

export type Registro = 'intercambio' | 'documento' | 'transportadora' | 'fatura' | 'impostos' | 'cte' | 'nota' | 'total';

/** Record ids per layout (3.0A: 000/350/351/352/353/354/355; 5.0: 000/550/551/552/553/555/556/559). */
export const IDS: Record<LayoutDoccob, Record<string, Registro>> = {
  '3.0A': { '000': 'intercambio', '350': 'documento', '351': 'transportadora', '352': 'fatura', '353': 'cte', '354': 'nota', '355': 'total' },
  '5.0': { '000': 'intercambio', '550': 'documento', '551': 'transportadora', '552': 'fatura', '553': 'impostos', '555': 'cte', '556': 'nota', '559': 'total' },
};

export const TAMANHO_REGISTRO: Record<LayoutDoccob, number> = { '3.0A': 170, '5.0': 280 };

const INTERCAMBIO = [a('remetente', 4, 35), a('destinatario', 39, 35), a('data', 74, 6), a('hora', 80, 4), a('idIntercambio', 84, 12)];
const FATURA_INICIO = [a('filial', 4, 10), a('tipo', 14, 1), a('serie', 15, 3), n('numero', 18, 10), d('dataEmissao', 28), d('dataVencimento', 36), n('valor', 44, 15, 2), a('tipoCobranca', 59, 3)];
/** 3.0A 352 after the tipo de cobrança (with the 2000/2002 additions). */
const COBRANCA_30 = [
  n('valorIcms', 62, 15, 2),
  n('valorJurosDia', 77, 15, 2),
  d('dataLimiteDesconto', 92),
  n('valorDesconto', 100, 15, 2),
  a('agenteCobranca', 115, 35),
  a('agencia', 150, 4),
  a('digitoAgencia', 154, 1),
  a('conta', 155, 10),
  a('digitoConta', 165, 2),
];
/** 5.0 552 after the tipo de cobrança (multa % at 62/4 and the bank code at 104/5 are not kept). */
const COBRANCA_50 = [
  n('valorJurosDia', 66, 15, 2),
  d('dataLimiteDesconto', 81),
  n('valorDesconto', 89, 15, 2),
  a('agenteCobranca', 109, 30),
  a('agencia', 139, 4),
  a('digitoAgencia', 143, 1),
  a('conta', 144, 10),
  a('digitoConta', 154, 2),
];
const CTE_30 = [a('filial', 4, 10), a('serie', 14, 5), a('numero', 19, 12), n('valorFrete', 31, 15, 2), d('dataEmissao', 46), n('cnpjRemetente', 54, 14), n('cnpjDestinatario', 68, 14), n('cnpjEmissor', 82, 14)];

export const CAMPOS: Record<LayoutDoccob, Partial<Record<Registro, Campo[]>>> = {
  '3.0A': {
    intercambio: INTERCAMBIO,
    documento: [a('documento', 4, 14)],
    transportadora: [n('cnpj', 4, 14), a('razaoSocial', 18, 40)],
    fatura: [...FATURA_INICIO, ...COBRANCA_30, a('acao', 167, 1)],
    cte: [...CTE_30, n('chave', 96, 44)],
    nota: [a('serie', 4, 3), a('numero', 7, 8), d('dataEmissao', 15), n('peso', 23, 7, 2), n('valor', 30, 15, 2), n('cnpjEmissor', 45, 14)],
    total: [n('quantidade', 4, 4), n('valorTotal', 8, 15, 2)],
  },
  '5.0': {
    intercambio: INTERCAMBIO,
    documento: [a('documento', 4, 14)],
    transportadora: [n('cnpj', 4, 14), a('razaoSocial', 18, 50)],
    fatura: [...FATURA_INICIO, ...COBRANCA_50, a('acao', 156, 1)],
    impostos: [n('valorIcms', 4, 15, 2)],
    cte: CTE_30,
    nota: [a('serie', 4, 3), a('numero', 7, 9), d('dataEmissao', 16), n('peso', 24, 7, 2), n('valor', 31, 15, 2), n('cnpjEmissor', 46, 14)],
    total: [n('quantidade', 4, 4), n('valorTotal', 8, 15, 2)],
  },
};
