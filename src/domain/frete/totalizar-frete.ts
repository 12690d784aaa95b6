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
  /**
   * Issue 31: the accessorial lines (elements with an event the request prices), given the freight of the ordinary
   * elements after the route bounds and before ICMS (their percentage base); added after the bounds, taxed by their flag.
   */
  acessorios?: (frete: Dec) => LinhaElemento[];
  /** Only the accessorials make the value (a complement's charge): the ordinary freight is their base alone. */
  somenteAcessorios?: boolean;
}

const ZERO = new Dec(0);
const linha = (descricao: string, valor: Dec, tipo: LinhaCalculo['tipo'], nivel: NivelElemento | null): LinhaCalculo => ({ descricao, valor: valor.toFixed(2), tipo, nivel });

/**
 * Step 9: route minimum/maximum on the sum as one adjustment line. Answers the adjustment and its taxed part.
 * Decided (the design is silent): the route adjustment scales the whole freight, so it is taxed in the
 * proportion of the taxed elements in the sum (adjustment × taxed / sum, cents HALF_UP). A route maximum
 * can therefore never make the taxed base negative. With a sum of 0 (no element or all zero) the
 * adjustment is taxed unless every element is untaxed.
 */
function limitarAoPercurso(t: Totalizacao, soma: Dec, somaTributada: Dec, linhas: LinhaCalculo[]): { ajuste: Dec; parteTributada: Dec } {
  const nada = { ajuste: ZERO, parteTributada: ZERO };
  if (!t.limitesPercurso) return nada;
  const { minimo, maximo } = t.limitesPercurso;
  let final = soma;
  if (minimo.gt(0) && final.lt(minimo)) final = minimo;
  if (maximo.gt(0) && final.gt(maximo)) final = maximo;
  const ajuste = final.minus(soma);
  if (ajuste.isZero()) {
    if (minimo.gt(0) || maximo.gt(0)) t.traco.push(`Soma dos elementos ${reais(soma)}: dentro dos limites do percurso.`);
    return nada;
  }
  const descricao = ajuste.gt(0) ? 'Ajuste ao valor mínimo do percurso' : 'Ajuste ao valor máximo do percurso';
  linhas.push(linha(descricao, ajuste, 'AJUSTE_PERCURSO', null));
  const tributados = t.elementos.filter((e) => e.incideImposto);
  const parteTributada = soma.gt(0) ? dividir(ajuste.times(somaTributada), soma, 2) : tributados.length > 0 || t.elementos.length === 0 ? ajuste : ZERO;
  t.traco.push(
    `Soma dos elementos ${reais(soma)}; ${ajuste.gt(0) ? `valor mínimo do percurso ${reais(minimo)}` : `valor máximo do percurso ${reais(maximo)}`}: ajuste de ${reais(ajuste)}` +
      ` (${reais(parteTributada)} dele sujeito ao ICMS, na proporção dos elementos tributados).`,
  );
  return { ajuste, parteTributada };
}

/** Step 10: ICMS "por dentro" on `base`; the ICMS line or nothing, with its trace. */
function linhaIcms(t: Totalizacao, base: Dec, naoTributados: string[]): LinhaCalculo | null {
  const { traco } = t;
  if (t.icmsIncluso) traco.push('A tabela tem a opção "Preços já incluem o ICMS": o ICMS não é acrescentado.');
  else if (t.icms.isZero()) traco.push('ICMS de 0 %: sem linha de ICMS.');
  else if (!base.gt(0)) traco.push('Nenhum valor sujeito ao ICMS.');
  else {
    const reducao = t.reducaoBaseIcms && t.reducaoBaseIcms.gt(0) ? t.reducaoBaseIcms : null;
    // A base reduced by pRedBC % taxes only (1 − pRedBC/100) of the value: the effective rate, "por dentro".
    const aliquota = reducao ? t.icms.times(new Dec(1).minus(reducao.div(100))) : t.icms;
    // base ÷ (1 − rate) − base, as one division rounded once: base × rate ÷ (1 − rate).
    const icms = dividir(base.times(aliquota), new Dec(1).minus(aliquota), 2);
    if (reducao)
      traco.push(
        `Base do ${t.descricaoIcms} reduzida em ${numeroBr(reducao)} % (pRedBC): alíquota efetiva ${numeroBr(t.icms.times(100))} % × (1 − ${numeroBr(reducao)} %) = ${numeroBr(aliquota.times(100))} %.`,
      );
    traco.push(
      `${t.descricaoIcms} por dentro de ${numeroBr(aliquota.times(100))} %: ${reais(base)} ÷ (1 − ${numeroBr(aliquota)}) = ${reais(base.plus(icms))}; ${t.descricaoIcms} ${reais(icms)}.` +
        (naoTributados.length ? ` Sem ICMS: ${naoTributados.join(', ')}.` : ''),
    );
    return linha(t.descricaoIcms, icms, 'IMPOSTO', null);
  }
  return null;
}

const somaDe = (es: readonly LinhaElemento[]) => es.reduce((s, e) => s.plus(e.valor), ZERO);

/**
 * freight-calculation.md steps 9 and 10: route minimum/maximum on the sum as one adjustment line, then
 * ICMS "por dentro" on the INCIDE_IMPOSTO part: taxed = base / (1 - icms), ICMS = taxed - base (cents,
 * HALF_UP). 100.00 at 12 %: 100 / 0.88 = 113.6363… → ICMS 13.64, total 113.64. Accessorial lines (issue 31)
 * come after the route bounds, priced on the bounded ordinary freight.
 */
export function totalizarFrete(t: Totalizacao): { linhas: LinhaCalculo[]; valorTotal: string } {
  const { elementos, traco } = t;
  let linhas = elementos.map((e) => linha(e.descricao, e.valor, 'ELEMENTO', e.nivel));
  const soma = somaDe(elementos);
  const somaTributada = somaDe(elementos.filter((e) => e.incideImposto));
  const { ajuste, parteTributada } = limitarAoPercurso(t, soma, somaTributada, linhas);
  let base = somaTributada.plus(parteTributada);
  let semIcms = elementos.filter((e) => !e.incideImposto);

  if (t.acessorios) {
    const extras = t.acessorios(soma.plus(ajuste));
    const linhasExtras = extras.map((e) => linha(e.descricao, e.valor, 'ELEMENTO', e.nivel));
    const baseExtras = somaDe(extras.filter((e) => e.incideImposto));
    if (t.somenteAcessorios) {
      traco.push(`Só as cobranças acessórias entram neste valor; o frete acima (${reais(soma.plus(ajuste))}) é apenas a base delas.`);
      linhas = linhasExtras;
      base = baseExtras;
      semIcms = extras.filter((e) => !e.incideImposto);
    } else {
      linhas.push(...linhasExtras);
      base = base.plus(baseExtras);
      semIcms = [...semIcms, ...extras.filter((e) => !e.incideImposto)];
    }
  }

  const icms = linhaIcms(t, base, semIcms.map((e) => `"${e.descricao}"`));
  if (icms) linhas.push(icms);
  const total = linhas.reduce((s, l) => s.plus(l.valor), ZERO);
  traco.push(`Valor total do frete: ${reais(total)}.`);
  return { linhas, valorTotal: total.toFixed(2) };
}
