import { ROTULO_EVENTO_ACESSORIO, type EventoAcessorio } from '../../contracts/ocorrencias';
import { Dec } from './decimal-exato';
import { NOME_NIVEL, type ElementoEfetivo } from './elementos-efetivos';
import { numeroBr, reais, reaisExato } from './formatar-traco';
import type { LinhaElemento } from './totalizar-frete';
import type { ValorElemento } from './valor-elemento';

// Issue 31: accessorial elements (a cost element tied to an event: reentrega, devolução, diária, TDE, agendamento).

/**
 * The elements the request prices: an ordinary element always; an accessorial one only when `acessorios` names its
 * event (the audit names the events the CT-e charges); the others are skipped with one trace line each.
 */
export function elementosPrecificados(efetivos: readonly ElementoEfetivo[], acessorios: readonly EventoAcessorio[] | undefined, traco: string[]): ElementoEfetivo[] {
  return efetivos.filter((ef) => {
    const evento = ef.elemento.evento;
    if (!evento || acessorios?.includes(evento)) return true;
    traco.push(`"${ef.elemento.descricao}" (${NOME_NIVEL[ef.nivel]}): cobrança acessória de ${ROTULO_EVENTO_ACESSORIO[evento]}, não cobrada neste cálculo: não entra no valor.`);
    return false;
  });
}

/**
 * The accessorial lines. With percentualFrete: `frete` (the ordinary elements' freight after the route bounds, before
 * ICMS) × percent / 100, rounded once to cents HALF_UP, then its own minimum and limit (a limit only caps: an
 * accessorial never closes the freight). Without: the value its own modalidade and bands gave (`proprios`).
 */
export function linhasAcessorios(acessorios: readonly ElementoEfetivo[], proprios: ReadonlyMap<ElementoEfetivo, ValorElemento>, frete: Dec, traco: string[]): LinhaElemento[] {
  return acessorios.map((ef) => {
    const e = ef.elemento;
    const linha = (valor: Dec): LinhaElemento => ({ descricao: e.descricao, nivel: ef.nivel, valor, incideImposto: e.incideImposto });
    const proprio = proprios.get(ef);
    if (proprio || !e.percentualFrete) return linha(proprio?.valor ?? new Dec(0));
    const nome = `"${e.descricao}" (${NOME_NIVEL[ef.nivel]})`;
    const bruto = frete.times(e.percentualFrete).div(100);
    let valor = bruto.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
    traco.push(
      `${nome}: ${numeroBr(e.percentualFrete)} % do frete dos elementos ordinários após os limites do percurso e antes do ICMS (${reais(frete)}) = ${reaisExato(bruto)}` +
        (bruto.eq(valor) ? '.' : `, arredondado aos centavos (HALF_UP): ${reais(valor)}.`),
    );
    if (valor.lt(e.minimo)) {
      traco.push(`${nome}: abaixo do valor mínimo: vale ${reais(e.minimo)}.`);
      valor = e.minimo;
    }
    if (e.limite.gt(0) && valor.gt(e.limite)) {
      traco.push(`${nome}: acima do valor limite: limitado a ${reais(e.limite)}.`);
      valor = e.limite;
    }
    return linha(valor.toDecimalPlaces(2, Dec.ROUND_HALF_UP));
  });
}
