import type { CteLido } from '../../../contracts/cte-documento';
import { Dec } from '../../../domain/frete/decimal-exato';
import type { Aleatorio } from './aleatorio';
import type { Plano } from './tipos-demo';

/** What the carrier charged: the audited value, or a believable freight from its price level (one draw then). */
export const valorCobradoDemo = (p: Plano, r: Aleatorio): Dec =>
  new Dec(
    p.cobrado ??
      Dec.max(new Dec(p.pesoBruto).times(0.55 + r.proximo() * 0.9).plus(new Dec(p.valorNotas).times(0.006)).plus(40), new Dec(85)).toDecimalPlaces(2, Dec.ROUND_HALF_UP),
  );

/** The prestação: components that add up to vTPrest (ICMS "por dentro"), the engine's lines scaled to the value charged. */
export function prestacaoDemo(p: Plano, valorTotal: Dec): CteLido['prestacao'] {
  const linhas = p.calculo?.status === 'SUCESSO' ? p.calculo.elementosCusto.filter((l) => l.tipo !== 'IMPOSTO' && new Dec(l.valor).gt(0)) : [];
  const base = linhas.length
    ? linhas.map((l) => ({ nome: l.descricao.toUpperCase(), peso: new Dec(l.valor) }))
    : [
        { nome: 'FRETE PESO', peso: new Dec(72) },
        { nome: 'AD VALOREM', peso: new Dec(6) },
        { nome: 'GRIS', peso: new Dec(4) },
        { nome: 'PEDAGIO', peso: new Dec(6) },
        { nome: 'DESPACHO', peso: new Dec(12) },
      ];
  const somaBase = base.reduce((s, b) => s.plus(b.peso), new Dec(0));
  const componentes = base.map((b) => ({ nome: b.nome, valor: valorTotal.times(b.peso).div(somaBase).toDecimalPlaces(2, Dec.ROUND_DOWN) }));
  // The cents lost rounding down go to the first component.
  const resto = valorTotal.minus(componentes.reduce((s, c) => s.plus(c.valor), new Dec(0)));
  componentes[0].valor = componentes[0].valor.plus(resto);
  return { valorTotal: valorTotal.toFixed(2), valorReceber: valorTotal.toFixed(2), componentes: componentes.map((c) => ({ nome: c.nome, valor: c.valor.toFixed(2) })) };
}

/** ICMS00 over the whole value charged (no substitution: the charged value is vTPrest). */
export const icmsDemo = (valorTotal: Dec, aliquota: string): CteLido['icms'] => ({
  grupo: 'ICMS00',
  cst: '00',
  simplesNacional: false,
  baseCalculo: valorTotal.toFixed(2),
  aliquota,
  valor: valorTotal.times(aliquota).div(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2),
  substituicao: null,
});
