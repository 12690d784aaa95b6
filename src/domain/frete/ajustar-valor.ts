import type { ElementoCusto, Faixa, Percurso, TabelaFrete } from '../../contracts/tabela-frete-modelo';
import type { AjusteValor } from '../../contracts/ajuste-valor';
import { chaveDescricao } from './chave-descricao';
import { Dec } from './decimal-exato';

export const MSG_AJUSTE_NEGATIVO = 'O ajuste deixaria valores negativos: nada foi alterado.';
export const mensagemAjusteSemElemento = (descricao: string) => `Nenhum elemento de custo com a descrição "${descricao}".`;

export interface ResultadoAjuste {
  tabela: TabelaFrete;
  alterados: number;
  mensagens: string[];
}

/**
 * Spec 02 §4 "Adjust Value": every cost element with that description (table, routes, incidences) gets
 * PERCENTUAL value × (100 + v) / 100 or VALOR_FIXO value + v on its minimum, limit and band values.
 * All or nothing: a negative result leaves the table untouched. Untouched parts keep their objects.
 */
export function ajustarValor(tabela: TabelaFrete, ajuste: AjusteValor): ResultadoAjuste {
  const chave = chaveDescricao(ajuste.descricao);
  const v = new Dec(ajuste.valor);
  const novo = ajuste.forma === 'PERCENTUAL' ? (x: Dec) => x.times(v.plus(100)).div(100) : (x: Dec) => x.plus(v);
  let alterados = 0;
  let negativo = false;

  // Money fields keep 2 decimals, band values 5 (spec 02 §9), HALF_UP. A value that does not change
  // keeps its original text, so PERCENTUAL 0 gives back an equal table.
  const ajustar = (texto: string, casas: number): string => {
    let atual: Dec;
    try {
      atual = new Dec(texto);
    } catch {
      return texto; // an unfinished field of the editor: not a value to adjust
    }
    const bruto = novo(atual);
    if (bruto.isNegative() && !bruto.isZero()) negativo = true;
    const arredondado = bruto.toDecimalPlaces(casas, Dec.ROUND_HALF_UP);
    return arredondado.eq(atual) ? texto : arredondado.toFixed();
  };
  const ajustarFaixa = (f: Faixa): Faixa => {
    const valor = ajustar(f.valor, 5);
    return valor === f.valor ? f : { ...f, valor };
  };
  const ajustarElemento = (e: ElementoCusto): ElementoCusto => {
    if (chaveDescricao(e.descricao) !== chave) return e;
    alterados++;
    return {
      ...e,
      valorMinimo: ajustar(e.valorMinimo, 2),
      // Step 7 of freight-calculation.md: a limit of 0 means "no limit"; adding to it would create a
      // limit the table never had.
      valorLimite: ehZero(e.valorLimite) ? e.valorLimite : ajustar(e.valorLimite, 2),
      faixas: e.faixas.map(ajustarFaixa),
    };
  };
  const lista = (es: ElementoCusto[]): ElementoCusto[] => {
    const r = es.map(ajustarElemento);
    return r.every((e, i) => e === es[i]) ? es : r;
  };
  const ajustarPercurso = (p: Percurso): Percurso => {
    const elementosCusto = lista(p.elementosCusto);
    let destinosMudaram = false;
    const destinos = p.destinos.map((d) => {
      let mudou = false;
      const incidencias = d.incidencias.map((i) => {
        const es = lista(i.elementosCusto);
        if (es === i.elementosCusto) return i;
        mudou = true;
        return { ...i, elementosCusto: es };
      });
      if (!mudou) return d;
      destinosMudaram = true;
      return { ...d, incidencias };
    });
    if (elementosCusto === p.elementosCusto && !destinosMudaram) return p;
    return { ...p, elementosCusto, destinos: destinosMudaram ? destinos : p.destinos };
  };

  const elementosCusto = lista(tabela.elementosCusto);
  const percursos = tabela.percursos.map(ajustarPercurso);
  if (alterados === 0) return { tabela, alterados: 0, mensagens: [mensagemAjusteSemElemento(ajuste.descricao.trim())] };
  if (negativo) return { tabela, alterados: 0, mensagens: [MSG_AJUSTE_NEGATIVO] };
  return { tabela: { ...tabela, elementosCusto, percursos }, alterados, mensagens: [] };
}

function ehZero(texto: string): boolean {
  try {
    return new Dec(texto).isZero();
  } catch {
    return false;
  }
}
