import type { LinhaCalculo, NivelElemento } from '../../contracts/calculo-frete';
import { dividir } from '../dinheiro';
import { Dec } from './decimal-exato';
import { numeroBr, reais } from './formatar-traco';

export interface LinhaElemento {
  descricao: string;
  nivel: NivelElemento;
  valor: Dec;
  incideImposto: boolean;
}

interface Totalizacao {
  elementos: LinhaElemento[];
  /** Route bounds (0 = none); null for a freight closed by an EXCLUSIVO limit, which has none. */
  limitesPercurso: { minimo: Dec; maximo: Dec } | null;
  icms: Dec;
  /** pRedBC, percent: the base of the ICMS is reduced, so the rate that applies is icms × (1 − pRedBC/100). */
  reducaoBaseIcms?: Dec | null;
  icmsIncluso: boolean;
  descricaoIcms: string;
  traco: string[];
}

const ZERO = new Dec(0);
const linha = (descricao: string, valor: Dec, tipo: LinhaCalculo['tipo'], nivel: NivelElemento | null): LinhaCalculo => ({ descricao, valor: valor.toFixed(2), tipo, nivel });

/**
 * freight-calculation.md steps 9 and 10: route minimum/maximum on the sum as one adjustment line, then
 * ICMS "por dentro" on the INCIDE_IMPOSTO part: taxed = base / (1 - icms), ICMS = taxed - base (cents,
 * HALF_UP). 100.00 at 12 %: 100 / 0.88 = 113.6363… → ICMS 13.64, total 113.64.
 * Decided (the design is silent): the route adjustment scales the whole freight, so it is taxed in the
 * proportion of the taxed elements in the sum (adjustment × taxed / sum, cents HALF_UP). A route maximum
 * can therefore never make the taxed base negative. With a sum of 0 (no element or all zero) the
 * adjustment is taxed unless every element is untaxed.
 */
export function totalizarFrete(t: Totalizacao): { linhas: LinhaCalculo[]; valorTotal: string } {
  const { elementos, traco } = t;
  const linhas = elementos.map((e) => linha(e.descricao, e.valor, 'ELEMENTO', e.nivel));
  const soma = elementos.reduce((s, e) => s.plus(e.valor), ZERO);
  const tributados = elementos.filter((e) => e.incideImposto);
  const somaTributada = tributados.reduce((s, e) => s.plus(e.valor), ZERO);
  let base = somaTributada;

  if (t.limitesPercurso) {
    const { minimo, maximo } = t.limitesPercurso;
    let final = soma;
    if (minimo.gt(0) && final.lt(minimo)) final = minimo;
    if (maximo.gt(0) && final.gt(maximo)) final = maximo;
    const ajuste = final.minus(soma);
    if (!ajuste.isZero()) {
      const descricao = ajuste.gt(0) ? 'Ajuste ao valor mínimo do percurso' : 'Ajuste ao valor máximo do percurso';
      linhas.push(linha(descricao, ajuste, 'AJUSTE_PERCURSO', null));
      const parteTributada = soma.gt(0)
        ? dividir(ajuste.times(somaTributada), soma, 2)
        : tributados.length > 0 || elementos.length === 0
          ? ajuste
          : ZERO;
      base = base.plus(parteTributada);
      traco.push(
        `Soma dos elementos ${reais(soma)}; ${ajuste.gt(0) ? `valor mínimo do percurso ${reais(minimo)}` : `valor máximo do percurso ${reais(maximo)}`}: ajuste de ${reais(ajuste)}` +
          ` (${reais(parteTributada)} dele sujeito ao ICMS, na proporção dos elementos tributados).`,
      );
    } else if (minimo.gt(0) || maximo.gt(0)) traco.push(`Soma dos elementos ${reais(soma)}: dentro dos limites do percurso.`);
  }

  const naoTributados = elementos.filter((e) => !e.incideImposto).map((e) => `"${e.descricao}"`);
  if (t.icmsIncluso) traco.push('A tabela tem a opção "Preços já incluem o ICMS": o ICMS não é acrescentado.');
  else if (t.icms.isZero()) traco.push('ICMS de 0 %: sem linha de ICMS.');
  else if (!base.gt(0)) traco.push('Nenhum valor sujeito ao ICMS.');
  else {
    const reducao = t.reducaoBaseIcms && t.reducaoBaseIcms.gt(0) ? t.reducaoBaseIcms : null;
    // A base reduced by pRedBC % taxes only (1 − pRedBC/100) of the value: the effective rate, "por dentro".
    const aliquota = reducao ? t.icms.times(new Dec(1).minus(reducao.div(100))) : t.icms;
    // base ÷ (1 − rate) − base, as one division rounded once: base × rate ÷ (1 − rate).
    const icms = dividir(base.times(aliquota), new Dec(1).minus(aliquota), 2);
    linhas.push(linha(t.descricaoIcms, icms, 'IMPOSTO', null));
    if (reducao)
      traco.push(
        `Base do ${t.descricaoIcms} reduzida em ${numeroBr(reducao)} % (pRedBC): alíquota efetiva ${numeroBr(t.icms.times(100))} % × (1 − ${numeroBr(reducao)} %) = ${numeroBr(aliquota.times(100))} %.`,
      );
    traco.push(
      `${t.descricaoIcms} por dentro de ${numeroBr(aliquota.times(100))} %: ${reais(base)} ÷ (1 − ${numeroBr(aliquota)}) = ${reais(base.plus(icms))}; ${t.descricaoIcms} ${reais(icms)}.` +
        (naoTributados.length ? ` Sem ICMS: ${naoTributados.join(', ')}.` : ''),
    );
  }

  const total = linhas.reduce((s, l) => s.plus(l.valor), ZERO);
  traco.push(`Valor total do frete: ${reais(total)}.`);
  return { linhas, valorTotal: total.toFixed(2) };
}
