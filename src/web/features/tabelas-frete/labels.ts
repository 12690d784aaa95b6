import type { AcaoLimite, Arredondamento, FaixaComponente, FlagElemento, RateioAgrupamento, RoundingMode } from '../../../contracts/tabela-frete-tipos';
import type { FormaAjuste } from '../../../contracts/ajuste-valor';

// Portuguese labels of the cost element's enumerations (spec 02 §3 names the values, not the labels).

export const ROTULO_ARREDONDAMENTO: Record<Arredondamento, string> = { NENHUM: 'Nenhum', PARA_CIMA: 'Para cima', PARA_BAIXO: 'Para baixo' };
export const ROTULO_ROUNDING_MODE: Record<RoundingMode, string> = { HALF_UP: 'Metade para cima', HALF_DOWN: 'Metade para baixo' };
export const ROTULO_ACAO_LIMITE: Record<AcaoLimite, string> = { LIMITAR: 'Limitar', EXCLUSIVO: 'Exclusivo (frete fechado no limite)' };
export const ROTULO_FLAG_ELEMENTO: Record<FlagElemento, string> = { INCIDE_IMPOSTO: 'Incide imposto', EXCLUSIVO: 'Exclusivo (frete fechado)', RATEIO: 'Rateio' };
export const ROTULO_FAIXA_COMPONENTE: Record<FaixaComponente, string> = { NORMAL: 'Normal', PESO: 'Peso', DISTANCIA: 'Distância', VALOR: 'Valor' };
export const ROTULO_RATEIO: Record<RateioAgrupamento, string> = { NENHUM: 'Nenhum', PESO: 'Peso', VALOR: 'Valor' };
export const ROTULO_FORMA_AJUSTE: Record<FormaAjuste, string> = { PERCENTUAL: 'Percentual', VALOR_FIXO: 'Valor fixo' };

/** Options of a select from a label map, in the map's order. */
export const opcoes = <K extends string>(rotulos: Record<K, string>) => (Object.keys(rotulos) as K[]).map((value) => ({ value, label: rotulos[value] }));
