import { SUFIXO_COPIA } from '../../../contracts/perfis';
import type { Destino, ElementoCusto, Incidencia, Origem, Percurso, TabelaFrete } from '../../../contracts/tabela-frete-modelo';

// Copies for editing (spec 02 §4): no id at any nested level, so the server creates them all; the
// references (carrier, municipality, UF, customers, vehicle types) keep theirs. Fresh objects, so each
// copy gets its own client key.

export const copiarElemento = (e: ElementoCusto, sufixo = ''): ElementoCusto => ({
  descricao: `${e.descricao}${sufixo}`,
  modalidade: e.modalidade,
  arredondamento: e.arredondamento,
  valorArredondamento: e.valorArredondamento,
  roundingMode: e.roundingMode,
  valorMinimo: e.valorMinimo,
  valorLimite: e.valorLimite,
  acoesLimite: e.acoesLimite,
  tiposVeiculo: e.tiposVeiculo.map((t) => ({ ...t })),
  faixas: e.faixas.map((f) => ({ valor: f.valor, faixaLimite: f.faixaLimite })),
  faixaComponente: e.faixaComponente,
  flags: [...e.flags],
  elementosIndexados: [...e.elementosIndexados],
  desdeEntrega: e.desdeEntrega,
  rateioAgrupamento: e.rateioAgrupamento,
});

export const copiarOrigem = (o: Origem): Origem => ({ municipio: o.municipio, uf: o.uf });

export const copiarIncidencia = (i: Incidencia): Incidencia => ({ clientes: i.clientes.map((c) => ({ ...c })), elementosCusto: i.elementosCusto.map((e) => copiarElemento(e)) });

export const copiarDestino = (d: Destino): Destino => ({ municipio: d.municipio, uf: d.uf, incidencias: d.incidencias.map(copiarIncidencia) });

/** A route clone, " (Cópia)" appended like profiles (spec 02 §4). */
export const copiarPercurso = (p: Percurso, sufixo = SUFIXO_COPIA): Percurso => ({
  descricao: `${p.descricao}${sufixo}`,
  valorMinimo: p.valorMinimo,
  valorMaximo: p.valorMaximo,
  origens: p.origens.map(copiarOrigem),
  destinos: p.destinos.map(copiarDestino),
  elementosCusto: p.elementosCusto.map((e) => copiarElemento(e)),
});

/**
 * A table clone: same carrier and content, no id or versao. Spec 02 §4 leaves the table's copy rules
 * out; the validity dates are cleared because a copy exists to price another period, and keeping the
 * dates would make two tables of the same carrier in force at once.
 */
export const copiarTabela = (t: TabelaFrete): TabelaFrete => ({
  transportadora: t.transportadora,
  inicio: null,
  fim: null,
  flags: [...t.flags],
  descricaoIcms: t.descricaoIcms,
  descricaoPesoTaxado: t.descricaoPesoTaxado,
  percursos: t.percursos.map((p) => copiarPercurso(p, '')),
  elementosCusto: t.elementosCusto.map((e) => copiarElemento(e)),
});

/** Element clones keep their level's descriptions unique. */
export const clonarElemento = (e: ElementoCusto) => copiarElemento(e, SUFIXO_COPIA);
