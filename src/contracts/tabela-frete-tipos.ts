import { z } from 'zod';
import { INTEIRO_MAXIMO } from './common';

// Spec 02 §3, the vocabulary of freight tables: enums, labels, constants, decimal-text fields. Money and
// rates are decimal strings with a dot ("12.5"): no binary float ever holds them. The engine
// (src/domain/frete) reads them with decimal.js.

export const MODALIDADES = [
  'FIXO',
  'CALCULADO_KG',
  'CALCULADO_KM',
  'CALCULADO_VALOR',
  'CALCULADO_INDICE',
  'CALCULADO_KG_INTEGRAL',
  'CALCULADO_KM_INTEGRAL',
  'CALCULADO_VALOR_INTEGRAL',
  'CALCULADO_INDICE_INTEGRAL',
  'FIXO_FAIXA_KG',
  'FIXO_FAIXA_KM',
  'FIXO_FAIXA_VALOR',
  'FIXO_FAIXA_INDICE',
] as const;
export type Modalidade = (typeof MODALIDADES)[number];
export const ROTULO_MODALIDADE: Record<Modalidade, string> = {
  FIXO: 'Fixo',
  CALCULADO_KG: 'Calculado por Kg (progressivo)',
  CALCULADO_KM: 'Calculado por Km (progressivo)',
  CALCULADO_VALOR: 'Calculado sobre o valor (progressivo)',
  CALCULADO_INDICE: 'Calculado sobre índice (progressivo)',
  CALCULADO_KG_INTEGRAL: 'Calculado por Kg (integral)',
  CALCULADO_KM_INTEGRAL: 'Calculado por Km (integral)',
  CALCULADO_VALOR_INTEGRAL: 'Calculado sobre o valor (integral)',
  CALCULADO_INDICE_INTEGRAL: 'Calculado sobre índice (integral)',
  FIXO_FAIXA_KG: 'Fixo por faixa de Kg',
  FIXO_FAIXA_KM: 'Fixo por faixa de Km',
  FIXO_FAIXA_VALOR: 'Fixo por faixa de valor',
  FIXO_FAIXA_INDICE: 'Fixo por faixa de índice',
};
/** The quantity a modalidade prices (freight-calculation.md step 4); FIXO prices none. */
export type Grandeza = 'KG' | 'KM' | 'VALOR' | 'INDICE';
export const grandezaDe = (m: Modalidade): Grandeza | null => (m === 'FIXO' ? null : (m.match(/_(KG|KM|VALOR|INDICE)(_INTEGRAL)?$/)![1] as Grandeza));
export const ehIndice = (m: Modalidade) => grandezaDe(m) === 'INDICE';
/** Band values of _VALOR and _INDICE are percentages; of _KG and _KM, R$ per unit (5 decimals). */
export const faixaEmPercentual = (m: Modalidade) => grandezaDe(m) === 'VALOR' || grandezaDe(m) === 'INDICE';

export const ARREDONDAMENTOS = ['NENHUM', 'PARA_CIMA', 'PARA_BAIXO'] as const;
export type Arredondamento = (typeof ARREDONDAMENTOS)[number];
export const ROUNDING_MODES = ['HALF_UP', 'HALF_DOWN'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];
export const ACOES_LIMITE = ['LIMITAR', 'EXCLUSIVO'] as const;
export type AcaoLimite = (typeof ACOES_LIMITE)[number];
export const FLAGS_ELEMENTO = ['INCIDE_IMPOSTO', 'EXCLUSIVO', 'RATEIO'] as const;
export type FlagElemento = (typeof FLAGS_ELEMENTO)[number];
export const FAIXA_COMPONENTES = ['NORMAL', 'PESO', 'DISTANCIA', 'VALOR'] as const;
export type FaixaComponente = (typeof FAIXA_COMPONENTES)[number];
export const RATEIOS_AGRUPAMENTO = ['NENHUM', 'PESO', 'VALOR'] as const;
export type RateioAgrupamento = (typeof RATEIOS_AGRUPAMENTO)[number];
/**
 * Table options (spec 02 §3 "flags", values not shown). ICMS_INCLUSO: the table's prices already include
 * ICMS, so elements are not grossed up (freight-calculation.md step 10 is skipped; the trace says so).
 */
export const FLAGS_TABELA = ['ICMS_INCLUSO'] as const;
export type FlagTabela = (typeof FLAGS_TABELA)[number];
export const ROTULO_FLAG_TABELA: Record<FlagTabela, string> = { ICMS_INCLUSO: 'Preços já incluem o ICMS' };

/** Spec 02 §9: band upper limit maximum. */
export const FAIXA_LIMITE_MAXIMO = 9_999_999;
export const DESCRICAO_ICMS_PADRAO = 'ICMS';
export const DESCRICAO_PESO_TAXADO_PADRAO = 'Peso taxado';

export const decimalTexto = (padrao: RegExp, mensagem: string) =>
  z
    .union([z.string(), z.number()], { error: mensagem })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(padrao, mensagem));
/** R$ amounts: up to 10 integer digits, 2 decimals, not negative. */
export const dinheiroSchema = (campo: string) => decimalTexto(/^\d{1,10}(\.\d{1,2})?$/, `${campo}: informe um valor não negativo com até 2 casas decimais.`);
/** Band values and rates: 5 decimals (spec 02 §9). */
export const taxaSchema = (campo: string) => decimalTexto(/^\d{1,10}(\.\d{1,5})?$/, `${campo}: informe um número não negativo com até 5 casas decimais.`);
export const quantidadeSchema = (campo: string) => decimalTexto(/^\d{1,10}(\.\d{1,3})?$/, `${campo}: informe um número não negativo com até 3 casas decimais.`);
/** A body id: a number up to the integer column (type errors say so in Portuguese). */
export const idNumeroSchema = z.number({ error: 'O identificador deve ser um número.' }).int().positive().max(INTEIRO_MAXIMO);

// ---- Read shapes (GET /tabelas-frete/{id}); ids of nested items are assigned by the server on save.
