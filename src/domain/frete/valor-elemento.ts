import { ROTULO_MODALIDADE, type Grandeza } from '../../contracts/tabela-frete-tipos';
import { Dec } from './decimal-exato';
import { numeroBr, quantidadeTexto, reais, reaisExato } from './formatar-traco';
import type { ElementoPreparado, FaixaPreparada } from './preparar-tabela';

export interface ValorElemento {
  /** Rounded to cents (step 8). */
  valor: Dec;
  /** Step 7: above valorLimite with acoesLimite EXCLUSIVO, the freight closes at the limit. */
  excedeExclusivo: boolean;
}

export interface ContextoElemento {
  /** Names of the quantities in the trace (the taxed weight uses the table's descricaoPesoTaxado). */
  rotulos: Record<Grandeza, string>;
  quantidadeDe: (g: Grandeza) => Dec;
  traco: string[];
}

const ZERO = new Dec(0);
const taxaTexto = (e: ElementoPreparado, f: FaixaPreparada) =>
  e.percentual ? `${numeroBr(f.valor)} %` : `${reais(f.valor, 5)} por ${e.grandeza === 'KG' ? 'kg' : 'km'}`;

/**
 * freight-calculation.md steps 4 to 8 for one element: quantity (rounded to a step), band, value by
 * modalidade, minimum and limit, cents. `propria` is the element's own step-4 quantity (for _INDICE the
 * sum of its indexed elements); `nome` names it in the trace. Answers a failure message when a priced element has no band.
 */
export function valorElemento(e: ElementoPreparado, nome: string, propria: Dec, ctx: ContextoElemento): ValorElemento | string {
  const { traco, rotulos } = ctx;
  let valor = ZERO;

  if (e.forma === 'FIXO' || e.grandeza === null) {
    traco.push(`${nome}: ${ROTULO_MODALIDADE.FIXO}; o valor é o valor mínimo.`);
  } else {
    const g = e.grandeza;
    let q = propria;
    traco.push(`${nome}: ${ROTULO_MODALIDADE[e.elemento.modalidade]}; ${rotulos[g]}: ${quantidadeTexto(g, q)}.`);
    if (e.arredondamento && e.passo) {
      const multiplos = q.div(e.passo);
      q = (e.arredondamento === 'PARA_CIMA' ? multiplos.ceil() : multiplos.floor()).times(e.passo);
      traco.push(`${nome}: quantidade arredondada ${e.arredondamento === 'PARA_CIMA' ? 'para cima' : 'para baixo'} a múltiplo de ${numeroBr(e.passo)}: ${quantidadeTexto(g, q)}.`);
    }
    if (e.faixas.length === 0) return `O elemento de custo "${e.descricao}" não tem faixa de preço.`;

    // Step 5: the band quantity is the element's own unless faixaComponente names another.
    const componente = e.componente;
    const qFaixa = componente ? ctx.quantidadeDe(componente) : q;
    if (componente) traco.push(`${nome}: faixa escolhida por ${rotulos[componente]}: ${quantidadeTexto(componente, qFaixa)}.`);
    const ultima = e.faixas[e.faixas.length - 1];
    const faixa = e.faixas.find((f) => f.limite.gte(qFaixa)) ?? ultima;
    const acima = qFaixa.gt(ultima.limite);
    if (acima) traco.push(`${nome}: ${quantidadeTexto(componente ?? g, qFaixa)} está acima da última faixa (até ${quantidadeTexto(componente ?? g, ultima.limite)}): vale a última faixa.`);

    if (e.forma === 'FIXO_FAIXA') {
      valor = faixa.valor;
      traco.push(`${nome}: faixa até ${quantidadeTexto(componente ?? g, faixa.limite)}: valor fixo ${reaisExato(valor)}.`);
    } else if (e.forma === 'INTEGRAL' || componente) {
      // With a band chosen by another quantity there are no brackets of this one to walk: a progressive
      // element then prices its whole quantity at the chosen band's rate (decided; the design is silent).
      valor = q.times(faixa.taxa);
      const nota = e.forma === 'PROGRESSIVO' ? ' (faixa escolhida por outra grandeza: quantidade inteira na taxa da faixa)' : '';
      traco.push(`${nome}: faixa até ${quantidadeTexto(componente ?? g, faixa.limite)}: ${quantidadeTexto(g, q)} × ${taxaTexto(e, faixa)} = ${reaisExato(valor)}${nota}.`);
    } else {
      // Progressive, like tax brackets: each band prices the part between the previous limit and its own;
      // the part above the last band at the last band's rate.
      const partes: string[] = [];
      let anterior = ZERO;
      for (const f of e.faixas) {
        if (q.lte(anterior)) break;
        const parte = Dec.min(q, f.limite).minus(anterior);
        if (parte.gt(0)) {
          valor = valor.plus(parte.times(f.taxa));
          partes.push(`${quantidadeTexto(g, parte)} × ${taxaTexto(e, f)}`);
        }
        anterior = Dec.max(anterior, f.limite);
      }
      if (q.gt(anterior)) {
        const parte = q.minus(anterior);
        valor = valor.plus(parte.times(ultima.taxa));
        partes.push(`${quantidadeTexto(g, parte)} acima da última faixa × ${taxaTexto(e, ultima)}`);
      }
      traco.push(`${nome}: progressivo por faixas: ${partes.join(' + ') || quantidadeTexto(g, q)} = ${reaisExato(valor)}.`);
    }
  }

  // Step 7: minimum, then limit.
  let excedeExclusivo = false;
  if (valor.lt(e.minimo)) {
    traco.push(`${nome}: ${reaisExato(valor)} abaixo do valor mínimo: vale ${reais(e.minimo)}.`);
    valor = e.minimo;
  }
  if (e.limite.gt(0) && valor.gt(e.limite)) {
    if (e.acaoLimite === 'LIMITAR') {
      traco.push(`${nome}: ${reaisExato(valor)} acima do valor limite: limitado a ${reais(e.limite)}.`);
      valor = e.limite;
    } else {
      excedeExclusivo = true;
      traco.push(`${nome}: ${reaisExato(valor)} acima do valor limite ${reais(e.limite)} com ação EXCLUSIVO: o frete fecha neste elemento pelo valor limite.`);
    }
  }

  // Step 8: cents, with the element's rounding mode.
  const centavos = valor.toDecimalPlaces(2, e.casasModo);
  const modo = e.casasModo === Dec.ROUND_HALF_DOWN ? 'HALF_DOWN' : 'HALF_UP';
  traco.push(centavos.eq(valor) ? `${nome}: valor ${reais(centavos)}.` : `${nome}: ${reaisExato(valor)} arredondado aos centavos (${modo}): ${reais(centavos)}.`);
  return { valor: centavos, excedeExclusivo };
}
