import Decimal from 'decimal.js';
import { formatarValor } from '../../../domain/format-number-br';
import type { ComponentesConemb, ConhecimentoConemb, NotaConemb } from '../../../contracts/conemb';
import { RecusaDoccob } from '../doccob/campos-doccob';
import { INICIO_NOTAS, POSICAO, SLOTS_NOTA, TAMANHO_CFOP31, TAMANHO_COM_CHAVE, TAMANHO_REGISTRO, TAMANHO_SLOT, type FamiliaConemb } from './layout-conemb';

// From a record's field values (lerCampos) to the contract's ConhecimentoConemb: the checks a conhecimento
// must pass to be read at all (refusals) and the ones it may fail with a warning.

type Valores = Record<string, string | null>;
/** Where a record sits, for messages. */
export interface Onde {
  numero: number;
  id: string;
}
export interface Contexto {
  transportadora: { cnpj: string; razaoSocial: string };
  avisos: string[];
}

const SLOT_VAZIO = /^[ 0]*$/;
const semZeros = (v: string) => v.replace(/^0+(?=\d)/, '');
const zeros = (v: string | null | undefined) => !v || /^0+$/.test(v);
const ouNulo = (v: string | null | undefined) => (v ? v : null);
/** Money in a reader's warning, thousands grouped (spec 01 §9): "8.119.200,00". */
export const brl = (v: string) => formatarValor(v);

function recusarCampo(onde: Onde, campo: string, posicao: number, porque: string): never {
  throw new RecusaDoccob(`Linha ${onde.numero}, registro ${onde.id}, campo ${campo} (posição ${posicao}): ${porque}.`);
}

/** Field positions that differ between the families (for messages). */
const POSICOES: Record<FamiliaConemb, { acao: number; cnpjEmissor: number }> = {
  '3.x': { acao: 673, cnpjEmissor: 205 },
  '5.0': { acao: 322, cnpjEmissor: 40 },
};
/** 5.0's 522 key field (219/45). */
const CHAVE_50 = 219;

/** The fields both families share: número (at most 9 significant digits), emissão, ação, condição, CNPJs. */
function cabeca(v: Valores, onde: Onde, ctx: Contexto, familia: FamiliaConemb) {
  if (zeros(v.numero)) recusarCampo(onde, 'numero', 19, 'número do conhecimento ausente');
  const numero = semZeros(v.numero!);
  if (numero.length > 9) recusarCampo(onde, 'numero', 19, `número do conhecimento com mais de 9 dígitos significativos ("${numero}")`);
  if (!v.dataEmissao) recusarCampo(onde, 'dataEmissao', 31, 'data de emissão ausente');
  const acao = v.acao || 'I';
  if (acao !== 'I' && acao !== 'C' && acao !== 'E') recusarCampo(onde, 'acao', POSICOES[familia].acao, `ação "${acao}" desconhecida (esperado I, C ou E)`);
  const condicao = v.condicaoFrete || null;
  if (condicao !== null && condicao !== 'C' && condicao !== 'F')
    ctx.avisos.push(`Linha ${onde.numero}: condição de frete "${condicao}" desconhecida (posição 39; esperado C ou F): ignorada.`);
  let cnpjEmissor = v.cnpjEmissor;
  if (zeros(cnpjEmissor)) {
    cnpjEmissor = ctx.transportadora.cnpj;
    ctx.avisos.push(`Linha ${onde.numero}: CNPJ do emissor ausente (posição ${POSICOES[familia].cnpjEmissor}); usado o da transportadora (${cnpjEmissor}).`);
  }
  return {
    linha: onde.numero,
    filial: v.filial ?? '',
    serie: semZeros(v.serie ?? ''),
    numero,
    dataEmissao: v.dataEmissao!,
    condicaoFrete: condicao === 'C' || condicao === 'F' ? (condicao as 'C' | 'F') : null,
    cnpjEmissor: cnpjEmissor!,
    cnpjEmbarcadora: zeros(v.cnpjEmbarcadora) ? null : v.cnpjEmbarcadora,
    acao: acao as 'I' | 'C' | 'E',
    tipo: ouNulo(v.tipo),
  };
}

/** A 44-digit key or null; anything else in the field is a warning. */
function chaveValida(texto: string, onde: Onde, posicao: number, avisos: string[]): string | null {
  const t = texto.trim();
  if (t === '') return null;
  if (/^\d{44}$/.test(t)) return t;
  avisos.push(`Linha ${onde.numero}: chave do CT-e inválida na posição ${posicao} ("${t}"): ignorada.`);
  return null;
}

/**
 * The 3.x tail after the ação (673) and tipo (674). A letter (or blank) at 675 is 3.1's continuation flag (C =
 * the next 322 continues this conhecimento's notes) with the CFOP at 676/5; a digit at 675 is a CFOP written
 * from 675 (the fixture's "5352", hfoletto/edi-proceda's 675/4). A record longer than 680 carries the key at 682/44.
 */
function caudaConemb(linha: string, onde: Onde, avisos: string[]): { cfop: string | null; continua: boolean; chave: string | null } {
  const flag = linha.charAt(POSICAO.continuacao - 1);
  const cfop = /\d/.test(flag)
    ? linha.slice(POSICAO.continuacao - 1, POSICAO.continuacao + 3).trim()
    : linha.slice(POSICAO.cfop31 - 1, POSICAO.cfop31 - 1 + TAMANHO_CFOP31).trim();
  const tamanho = TAMANHO_REGISTRO['3.x'];
  let chave: string | null = null;
  if (linha.slice(tamanho).trim() !== '') {
    const em682 = linha.slice(POSICAO.chave31 - 1, TAMANHO_COM_CHAVE).trim();
    const em681 = linha.slice(POSICAO.chave31 - 2, TAMANHO_COM_CHAVE - 1).trim();
    if (/^\d{44}$/.test(em682)) chave = em682;
    else if (/^\d{44}$/.test(em681)) {
      chave = em681;
      avisos.push(`Linha ${onde.numero}: chave do CT-e lida na posição ${POSICAO.chave31 - 1} (esperada na ${POSICAO.chave31}).`);
    } else
      avisos.push(
        `Linha ${onde.numero}: registro ${onde.id} com ${linha.trimEnd().length} caracteres (esperados ${tamanho}) sem uma chave do CT-e na posição ${POSICAO.chave31}; o excesso foi ignorado.`,
      );
  }
  return { cfop: cfop || null, continua: flag === 'C', chave };
}

/** The notes of the 40 slots (série 3 + número 8 from 233) that are neither blank nor all zeros. */
function notasDosSlots(linha: string, onde: Onde): NotaConemb[] {
  const notas: NotaConemb[] = [];
  for (let i = 0; i < SLOTS_NOTA; i++) {
    const inicio = INICIO_NOTAS - 1 + i * TAMANHO_SLOT;
    const slot = linha.slice(inicio, inicio + TAMANHO_SLOT);
    if (SLOT_VAZIO.test(slot)) continue;
    const numero = slot.slice(3).trim();
    if (numero !== '' && !/^\d+$/.test(numero)) recusarCampo(onde, `nota ${i + 1} (número)`, inicio + 4, `deve ter só dígitos ("${numero}")`);
    notas.push({ serie: slot.slice(0, 3).trim(), numero: numero ? semZeros(numero) : '', cnpjEmissor: null, dataEmissao: null, valor: null, peso: null });
  }
  return notas;
}

/** Sum of amounts (null when all are null), exact. */
function somar(valores: (string | null)[]): string | null {
  const presentes = valores.filter((x): x is string => x !== null);
  return presentes.length ? presentes.reduce((s, x) => s.plus(x), new Decimal(0)).toFixed(2) : null;
}

/** Exact cents of an amount as the reader makes it (two decimals, "24.62"). */
const centavos = (v: string) => BigInt(v.replace('.', ''));

/** Valor total ≠ the sum of the itemised components: a warning (nothing itemised, or all zero: no check). */
function conferirComponentes(c: ConhecimentoConemb, partes: (string | null)[], avisos: string[]): void {
  if (partes.every((p) => p === null || /^0+\.0+$/.test(p))) return;
  const soma = partes.reduce((s, p) => (p === null ? s : s + centavos(p)), 0n);
  if (soma !== centavos(c.valorTotalFrete)) {
    const texto = soma.toString().padStart(3, '0');
    const reais = `${texto.slice(0, -2)}.${texto.slice(-2)}`;
    avisos.push(`Linha ${c.linha}: conhecimento ${c.numero}: o valor total do frete (R$ ${brl(c.valorTotalFrete)}) difere da soma dos componentes (R$ ${brl(reais)}).`);
  }
}

const componentes = (v: Valores, freteValor: string | null): ComponentesConemb => ({
  fretePeso: v.fretePeso,
  freteValor,
  secCat: v.secCat,
  itr: v.itr,
  despacho: v.despacho,
  pedagio: v.pedagio,
  ademe: v.ademe,
});

/** A 3.x 322 (values, notes, tail). */
export function conhecimento3x(v: Valores, linha: string, onde: Onde, ctx: Contexto): { conhecimento: ConhecimentoConemb; continua: boolean } {
  const base = cabeca(v, onde, ctx, '3.x');
  if (v.valorTotalFrete === null) recusarCampo(onde, 'valorTotalFrete', 47, 'valor total do frete ausente');
  const cauda = caudaConemb(linha, onde, ctx.avisos);
  const conhecimento: ConhecimentoConemb = {
    ...base,
    peso: v.peso,
    valorTotalFrete: v.valorTotalFrete!,
    baseIcms: v.baseIcms,
    percentualIcms: v.percentualIcms,
    valorIcms: v.valorIcms,
    componentes: componentes(v, v.freteValor),
    substituicaoTributaria: ouNulo(v.substituicaoTributaria),
    cfop: cauda.cfop ?? ouNulo(v.cfop30),
    chave: cauda.chave,
    placa: null,
    notas: notasDosSlots(linha, onde),
  };
  conferirComponentes(conhecimento, Object.values(conhecimento.componentes), ctx.avisos);
  return { conhecimento, continua: cauda.continua };
}

/** A 5.0 522: its amounts come with the 523 that must follow (valorTotalFrete stays '' until then). */
export function conhecimento50(v: Valores, onde: Onde, ctx: Contexto): ConhecimentoConemb {
  return {
    ...cabeca(v, onde, ctx, '5.0'),
    peso: null,
    valorTotalFrete: '',
    baseIcms: null,
    percentualIcms: null,
    valorIcms: null,
    componentes: { fretePeso: null, freteValor: null, secCat: null, itr: null, despacho: null, pedagio: null, ademe: null },
    substituicaoTributaria: null,
    cfop: ouNulo(v.cfop),
    chave: chaveValida(v.chave ?? '', onde, CHAVE_50, ctx.avisos),
    placa: ouNulo(v.placa),
    notas: [],
  };
}

/** A 5.0 523 onto its 522. Frete valor (71) and ad valorem (86) are one component in the contract: their sum. */
export function aplicarValores50(c: ConhecimentoConemb, v: Valores, onde: Onde, avisos: string[]): void {
  if (v.valorTotalFrete === null) recusarCampo(onde, 'valorTotalFrete', 41, 'valor total do frete ausente');
  Object.assign(c, {
    peso: v.peso,
    valorTotalFrete: v.valorTotalFrete,
    baseIcms: v.baseIcms,
    percentualIcms: v.percentualIcms,
    valorIcms: v.valorIcms,
    componentes: componentes(v, somar([v.freteValor, v.adValorem])),
    substituicaoTributaria: ouNulo(v.substituicaoTributaria),
  });
  // A discount or surcharge (191, its sign at 206) makes the components not add up by design: no check then.
  if (zeros(v.descontoAcrescimo?.replace('.', ''))) conferirComponentes(c, [...Object.values(c.componentes), v.despesas], avisos);
}

/** A 5.0 524. */
export function nota50(v: Valores, onde: Onde): NotaConemb {
  if (zeros(v.numero)) recusarCampo(onde, 'numero', 18, 'número da nota fiscal ausente');
  return {
    serie: v.serie ?? '',
    numero: semZeros(v.numero!),
    cnpjEmissor: zeros(v.cnpjEmissor) ? null : v.cnpjEmissor,
    dataEmissao: v.dataEmissao,
    valor: v.valor,
    peso: v.peso,
  };
}
