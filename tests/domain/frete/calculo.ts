import type { ElementoCusto, TabelaFrete } from '../../../src/contracts/tabela-frete-modelo';
import type { ResultadoCalculo } from '../../../src/contracts/calculo-frete';
import { calcularFrete, type EntradaCalculo } from '../../../src/domain/frete/calcular-frete';
import { TRANSPORTADORA, entrada, tabela } from './fixtures';

// Shorthands for the engine tests.

export const calcular = (t: TabelaFrete | TabelaFrete[], e: Partial<EntradaCalculo> = {}): ResultadoCalculo =>
  calcularFrete(TRANSPORTADORA, Array.isArray(t) ? t : [t], entrada(e));

/** A table whose only elements are these (global level), on Campinas → Rio. */
export const soElementos = (...elementosCusto: ElementoCusto[]) => tabela({ elementosCusto });

/** The value of the line with that description (undefined when absent). */
export const linha = (r: ResultadoCalculo, descricao: string) => r.elementosCusto.find((l) => l.descricao === descricao);
export const valores = (r: ResultadoCalculo) => Object.fromEntries(r.elementosCusto.map((l) => [l.descricao, l.valor]));
