import type { MarcaIndicador, SituacaoIndicador } from '../../contracts/indicadores';
import { dividir, percentual } from '../dinheiro';
import { Dec } from '../frete/decimal-exato';
import { formatNumberBr } from '../format-number-br';

/**
 * Spec 03 §5 "Indicator formulas (help text)", per note of each CT-e:
 * - freight to pay = NF weight × (CT-e value / CT-e weight);
 * - freight weight = freight to pay / CT-e weight;
 * - freight value = freight to pay / NF value;
 * - each is compared with the destination UF limits (limiteFretePeso, limiteFreteValor).
 *
 * Reading chosen (docs/decisoes.md §25): freight weight is the help text's ratio as written, money over weight (R$ per
 * kg: freight to pay / CT-e weight; a ratio of reais to kilograms is no percentage, and ×100 would put every
 * note above any limit the /uf form accepts, 0 to 100), compared with limiteFretePeso read as R$/kg; freight
 * value is a percentage, freight to pay / NF value × 100, compared with limiteFreteValor (spec 01 §3 calls
 * the limits percentages). Both divide as the help text does (the CT-e weight, not the NF's). Freight to pay
 * is rounded half-up to cents, the indicators to 4 decimals (the limits' scale), each once, on its exact
 * quotient (dividir, src/domain/dinheiro.ts: NF weight × CT-e value ÷ CT-e weight, never a rounded rate times
 * a weight; docs/decisoes.md §26); the comparison uses the rounded indicator, the number the user sees: VERDE when
 * below the limit, VERMELHO when equal or above ("green when below the destination UF limit, red otherwise"),
 * SEM_LIMITE when the UF has none, INDEFINIDO when the indicator cannot be computed. A zero CT-e weight leaves freight
 * to pay and both indicators empty with the mark PESO_CTE_ZERADO; a zero NF value leaves the freight value indicator
 * empty with VALOR_NF_ZERADO. A note whose weight the ERP did not give leaves freight to pay and both indicators empty
 * with NF_SEM_PESO. Negative or non-numeric inputs are a RangeError (the data is refused before, never shown as a
 * number).
 */
export interface EntradaIndicador {
  valorCte: string;
  /** null: unknown (as zero: PESO_CTE_ZERADO). */
  pesoCte: string | null;
  /** null: the ERP did not give the note's weight (NF_SEM_PESO). */
  pesoNf: string | null;
  /** null: unknown (as zero: VALOR_NF_ZERADO). */
  valorNf: string | null;
  limiteFretePeso: string | null;
  limiteFreteValor: string | null;
}

export interface Indicador {
  nfFretePagar: string | null;
  indicadorFretePeso: string | null;
  indicadorFreteValor: string | null;
  situacaoFretePeso: SituacaoIndicador;
  situacaoFreteValor: SituacaoIndicador;
  marcas: MarcaIndicador[];
}

function numero(campo: string, valor: string): Dec {
  let d: Dec;
  try {
    d = new Dec(valor.trim());
  } catch {
    throw new RangeError(`${campo}: "${valor}" não é um número.`);
  }
  if (!d.isFinite() || d.isNegative()) throw new RangeError(`${campo}: "${valor}" deve ser um número não negativo.`);
  return d;
}

/** The situation of a rounded indicator against a limit (null: the UF has none). */
export function situacaoIndicador(indicador: string | null, limite: string | null): SituacaoIndicador {
  if (indicador === null) return 'INDEFINIDO';
  if (limite === null || limite.trim() === '') return 'SEM_LIMITE';
  return new Dec(indicador).lessThan(numero('Limite', limite)) ? 'VERDE' : 'VERMELHO';
}

/** The indicators of one note of a CT-e. */
export function calcularIndicador(e: EntradaIndicador): Indicador {
  const valorCte = numero('Valor do CT-e', e.valorCte);
  const pesoCte = numero('Peso do CT-e', e.pesoCte ?? '0');
  const pesoNf = e.pesoNf === null ? null : numero('Peso da nota fiscal', e.pesoNf);
  const valorNf = numero('Valor da nota fiscal', e.valorNf ?? '0');
  const marcas: MarcaIndicador[] = [];
  let fretePagar: Dec | null = null;
  let fretePeso: string | null = null;
  let freteValor: string | null = null;
  if (pesoCte.isZero()) marcas.push('PESO_CTE_ZERADO');
  else if (pesoNf === null) marcas.push('NF_SEM_PESO');
  else {
    fretePagar = dividir(pesoNf.times(valorCte), pesoCte, 2);
    fretePeso = dividir(fretePagar, pesoCte, 4).toFixed(4);
  }
  if (valorNf.isZero()) marcas.push('VALOR_NF_ZERADO');
  else if (fretePagar) freteValor = percentual(fretePagar, valorNf, 4).toFixed(4);
  return {
    nfFretePagar: fretePagar ? fretePagar.toFixed(2) : null,
    indicadorFretePeso: fretePeso,
    indicadorFreteValor: freteValor,
    situacaoFretePeso: situacaoIndicador(fretePeso, e.limiteFretePeso),
    situacaoFreteValor: situacaoIndicador(freteValor, e.limiteFreteValor),
    marcas,
  };
}

/** How each indicator reads (pt-BR): freight weight in R$ per kg, freight value in percent; '' when missing. */
export function formatarIndicador(medida: 'peso' | 'valor', valor: string | null, decimais = 4): string {
  const texto = formatNumberBr(valor, { decimals: decimais });
  if (!texto) return '';
  return medida === 'peso' ? `R$ ${texto}/kg` : `${texto} %`;
}
