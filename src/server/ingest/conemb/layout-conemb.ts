import type { LayoutConemb } from '../../../contracts/conemb';
import type { Campo } from '../doccob/layout-doccob';

// The CONEMB records (../shared/design/proceda.md, "CONEMB"; positions 1-based start/length, cross-checked
// with ACBr's ACBrEDIConhectos and hfoletto/edi-proceda). 3.0 and 3.1 share one table: 3.1 only adds the
// continuation flag and the CFOP after the ação (675-680) and, in some files, the CT-e key at 682/44.

const a = (nome: string, inicio: number, tamanho: number): Campo => ({ nome, inicio, tamanho, tipo: 'A' });
const n = (nome: string, inicio: number, tamanho: number, casas = 0): Campo => ({ nome, inicio, tamanho, tipo: 'N', casas });
const d = (nome: string, inicio: number): Campo => ({ nome, inicio, tamanho: 8, tipo: 'D' });
const valor = (nome: string, inicio: number) => n(nome, inicio, 15, 2);

export type RegistroConemb = 'intercambio' | 'documento' | 'transportadora' | 'conhecimento' | 'valores' | 'nota' | 'complemento' | 'ignorado' | 'total';
export type FamiliaConemb = '3.x' | '5.0';

/**
 * Record ids. 3.x: 000/320/321/322/323 and ACBr's 3.1 complement 329 (only its CT-e key is read); 5.0:
 * 000/520/521/522/523/524/529, with 525 (redelivery) and 527 (consignee) known but not kept.
 */
export const IDS: Record<FamiliaConemb, Record<string, RegistroConemb>> = {
  '3.x': { '000': 'intercambio', '320': 'documento', '321': 'transportadora', '322': 'conhecimento', '329': 'complemento', '323': 'total' },
  '5.0': { '000': 'intercambio', '520': 'documento', '521': 'transportadora', '522': 'conhecimento', '523': 'valores', '524': 'nota', '525': 'ignorado', '527': 'ignorado', '529': 'total' },
};

export const familia = (layout: LayoutConemb): FamiliaConemb => (layout === '5.0' ? '5.0' : '3.x');
export const TAMANHO_REGISTRO: Record<FamiliaConemb, number> = { '3.x': 680, '5.0': 350 };

/** The 3.x 322 tail: ação 673, tipo 674, then (3.1) continuation flag 675 and CFOP 676/5; a longer record's key at 682/44. */
export const POSICAO = { continuacao: 675, cfop31: 676, chave31: 682, chaveComplemento: 121 } as const;
export const TAMANHO_CFOP31 = 5;
export const TAMANHO_COM_CHAVE = POSICAO.chave31 + 44 - 1;

/** The 40 note slots of a 3.x 322: série 3 + número 8 each, from 233 to 672. */
export const SLOTS_NOTA = 40;
export const INICIO_NOTAS = 233;
export const TAMANHO_SLOT = 11;
const INTERCAMBIO = [a('remetente', 4, 35), a('destinatario', 39, 35), a('idIntercambio', 84, 12)];
const CABECA_CONHECIMENTO = [a('filial', 4, 10), a('serie', 14, 5), n('numero', 19, 12), d('dataEmissao', 31), a('condicaoFrete', 39, 1)];
const TOTAL = [n('quantidade', 4, 4), valor('valorTotal', 8)];

/** 3.x 322 up to the notes (the CFOP of 3.0 is the old 3-character one at 202). */
const CONHECIMENTO_3X = [
  ...CABECA_CONHECIMENTO,
  n('peso', 40, 7, 2),
  valor('valorTotalFrete', 47),
  valor('baseIcms', 62),
  n('percentualIcms', 77, 4, 2),
  valor('valorIcms', 81),
  valor('fretePeso', 96),
  valor('freteValor', 111),
  valor('secCat', 126),
  valor('itr', 141),
  valor('despacho', 156),
  valor('pedagio', 171),
  valor('ademe', 186),
  a('substituicaoTributaria', 201, 1),
  a('cfop30', 202, 3),
  n('cnpjEmissor', 205, 14),
  n('cnpjEmbarcadora', 219, 14),
];

/** 5.0 523: besides the contract's fields, despesas (176) and desconto/acréscimo (191) only serve the sum check. */
const VALORES_50 = [
  n('peso', 12, 9, 3),
  valor('valorTotalFrete', 41),
  valor('fretePeso', 56),
  valor('freteValor', 71),
  valor('adValorem', 86),
  valor('secCat', 101),
  valor('itr', 116),
  valor('despacho', 131),
  valor('pedagio', 146),
  valor('ademe', 161),
  valor('despesas', 176),
  valor('descontoAcrescimo', 191),
  valor('baseIcms', 207),
  n('percentualIcms', 222, 5, 2),
  valor('valorIcms', 227),
  a('substituicaoTributaria', 242, 1),
];

export const CAMPOS: Record<FamiliaConemb, Partial<Record<RegistroConemb, Campo[]>>> = {
  '3.x': {
    intercambio: INTERCAMBIO,
    documento: [a('documento', 4, 14)],
    transportadora: [n('cnpj', 4, 14), a('razaoSocial', 18, 40)],
    // The 40 note slots (233-672) are read apart (conhecimento-conemb.ts): most are empty.
    conhecimento: [...CONHECIMENTO_3X, a('acao', 673, 1), a('tipo', 674, 1)],
    total: TOTAL,
  },
  '5.0': {
    intercambio: INTERCAMBIO,
    documento: [a('documento', 4, 14)],
    transportadora: [n('cnpj', 4, 14), a('razaoSocial', 18, 50)],
    conhecimento: [
      ...CABECA_CONHECIMENTO,
      n('cnpjEmissor', 40, 14),
      n('cnpjEmbarcadora', 54, 14),
      a('cfop', 110, 5),
      a('placa', 115, 9),
      a('chave', 219, 45),
      a('tipo', 320, 1),
      a('acao', 322, 1),
    ],
    valores: VALORES_50,
    nota: [n('cnpjEmissor', 4, 14), n('numero', 18, 9), a('serie', 27, 3), d('dataEmissao', 30), valor('valor', 38), n('peso', 61, 9, 3)],
    total: TOTAL,
  },
};
