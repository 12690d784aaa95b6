import { mensagemElementoDesconhecido, mensagemElementoRepetido, type ReajusteParametros } from '../../contracts/reajuste';
import type { ElementoCusto, Percurso, TabelaFrete } from '../../contracts/tabela-frete-modelo';
import { grandezaDe } from '../../contracts/tabela-frete-tipos';
import { chaveDescricao } from '../../domain/frete/chave-descricao';
import { Dec } from '../../domain/frete/decimal-exato';
import { badRequest } from '../http/api-error';

// Issue 32: the readjusted table of a simulation. A percentage per element (matched by description, case- and
// accent-insensitively, at any level), else the general one, else none. What a percentage raises:
// - money amounts: valorMinimo, valorLimite (2 places) and the band values (5 places: R$ per kg/km, fixed band
//   amounts, and the rates of the _VALOR modalities, ad valorem over a cargo value the readjustment leaves alone);
// - the rates of the _INDICE modalities and the percentualFrete of an accessorial are percentages of elements that
//   are readjusted themselves: only the element's OWN percentage changes them (the general one would compound);
// - the routes' valorMinimo/valorMaximo: the general percentage.
// Each figure is rounded once, half-up, to its field's places. Nothing else changes (limits, flags, ids).

const CASAS_DINHEIRO = 2;
const CASAS_TAXA = 5;

/** "7,5" → 1.075. */
const fatorDe = (percentual: string) => new Dec(1).plus(new Dec(percentual.replace(',', '.')).div(100));

const escalar = (valor: string, fator: Dec, casas: number) => new Dec(valor).times(fator).toFixed(casas);

/** Every element of the table, at every level (table, routes, incidences). */
function todosElementos(t: TabelaFrete): ElementoCusto[] {
  return [...t.elementosCusto, ...t.percursos.flatMap((p) => [...p.elementosCusto, ...p.destinos.flatMap((d) => d.incidencias.flatMap((i) => i.elementosCusto))])];
}

export interface Reajuste {
  geral: Dec | null;
  /** By chaveDescricao. */
  proprios: Map<string, Dec>;
}

/** The percentages of the parameters, checked against the table's elements (400 naming an unknown or repeated one). */
export function reajusteDe(tabela: TabelaFrete, p: ReajusteParametros): Reajuste {
  const existentes = new Set(todosElementos(tabela).map((e) => chaveDescricao(e.descricao)));
  const proprios = new Map<string, Dec>();
  const erros: string[] = [];
  for (const { descricao, percentual } of p.percentuais) {
    const chave = chaveDescricao(descricao);
    if (!existentes.has(chave)) erros.push(mensagemElementoDesconhecido(descricao));
    else if (proprios.has(chave)) erros.push(mensagemElementoRepetido(descricao));
    else proprios.set(chave, fatorDe(percentual));
  }
  if (erros.length) throw badRequest(...erros);
  return { geral: p.percentualGeral === null ? null : fatorDe(p.percentualGeral), proprios };
}

function reajustarElemento(e: ElementoCusto, r: Reajuste): ElementoCusto {
  const proprio = r.proprios.get(chaveDescricao(e.descricao)) ?? null;
  const fator = proprio ?? r.geral;
  if (!fator) return e;
  const relativo = grandezaDe(e.modalidade) === 'INDICE';
  // Rates of other (readjusted) elements: their own percentage only.
  const fatorFaixa = relativo ? proprio : fator;
  return {
    ...e,
    valorMinimo: escalar(e.valorMinimo, fator, CASAS_DINHEIRO),
    valorLimite: escalar(e.valorLimite, fator, CASAS_DINHEIRO),
    faixas: fatorFaixa ? e.faixas.map((f) => ({ ...f, valor: escalar(f.valor, fatorFaixa, CASAS_TAXA) })) : e.faixas,
    percentualFrete: e.percentualFrete && proprio ? escalar(e.percentualFrete, proprio, CASAS_TAXA) : e.percentualFrete,
  };
}

const reajustarElementos = (es: ElementoCusto[], r: Reajuste) => es.map((e) => reajustarElemento(e, r));

function reajustarPercurso(p: Percurso, r: Reajuste): Percurso {
  return {
    ...p,
    valorMinimo: r.geral ? escalar(p.valorMinimo, r.geral, CASAS_DINHEIRO) : p.valorMinimo,
    valorMaximo: r.geral ? escalar(p.valorMaximo, r.geral, CASAS_DINHEIRO) : p.valorMaximo,
    elementosCusto: reajustarElementos(p.elementosCusto, r),
    destinos: p.destinos.map((d) => ({ ...d, incidencias: d.incidencias.map((i) => ({ ...i, elementosCusto: reajustarElementos(i.elementosCusto, r) })) })),
  };
}

/** A new table object (the engine prepares each object once): the same id, validity and structure, readjusted prices. */
export function reajustarTabela(tabela: TabelaFrete, r: Reajuste): TabelaFrete {
  return { ...tabela, elementosCusto: reajustarElementos(tabela.elementosCusto, r), percursos: tabela.percursos.map((p) => reajustarPercurso(p, r)) };
}

/** "10" → "10", "7.50" → "7,5". */
const percentualBr = (v: string) => {
  const d = new Dec(v.replace(',', '.'));
  return `${d.gt(0) ? '+' : ''}${d.toString().replace('.', ',')} %`;
};

/** What the proposal was, as the report's heading says it. */
export function descreverProposta(p: ReajusteParametros, arquivo: string | null = null): string {
  const partes: string[] = arquivo ? [`Tabela proposta: ${arquivo}`] : [];
  if (p.percentualGeral !== null) partes.push(`${arquivo ? 'reajuste' : 'Reajuste'} geral de ${percentualBr(p.percentualGeral)}`);
  if (p.percentuais.length) partes.push(`${p.percentualGeral === null && !arquivo ? 'Reajuste por elemento' : 'por elemento'}: ${p.percentuais.map((e) => `${e.descricao} ${percentualBr(e.percentual)}`).join('; ')}`);
  return partes.join('; ');
}
