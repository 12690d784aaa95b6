import type { RateioAgrupamento } from '../../contracts/tabela-frete-tipos';
import type { TabelaFrete } from '../../contracts/tabela-frete-modelo';
import type { LinhaCalculo, ResultadoCalculo } from '../../contracts/calculo-frete';
import { chaveDescricao } from '../../domain/frete/chave-descricao';
import { Dec } from '../../domain/frete/decimal-exato';
import { numeroBr, reais } from '../../domain/frete/formatar-traco';
import { ratearAgrupamento } from '../../domain/frete/ratear-agrupamento';
import { cargaDe } from './envio-auditoria';
import type { LinhaCteAuditoria } from './linha-cte-auditoria';

/** How a line of the group's freight is shared: a RATEIO element by its own rule; every other line by weight. */
function regraRateio(linha: LinhaCalculo, tabela: TabelaFrete | undefined, percursoId: number | null): RateioAgrupamento {
  if (linha.tipo !== 'ELEMENTO' || !tabela) return 'PESO';
  const chave = chaveDescricao(linha.descricao);
  const percurso = tabela.percursos.find((p) => p.id === percursoId);
  const candidatos =
    linha.nivel === 'TABELA'
      ? tabela.elementosCusto
      : linha.nivel === 'PERCURSO'
        ? (percurso?.elementosCusto ?? [])
        : (percurso?.destinos.flatMap((d) => d.incidencias.flatMap((i) => i.elementosCusto)) ?? []);
  const elemento = candidatos.find((e) => chaveDescricao(e.descricao) === chave);
  return elemento?.flags.includes('RATEIO') ? elemento.rateioAgrupamento : 'PESO';
}

/**
 * The group's freight shared among its CT-es (freight-calculation.md step 11): each line of the group's
 * calculation is apportioned with ratearAgrupamento — RATEIO elements by their rateioAgrupamento (PESO,
 * VALOR, or NENHUM = all on the first CT-e), every other line (non-RATEIO elements, route adjustment, ICMS)
 * by weight — cents cut down and the remainder on the first CT-e, so the shares add up to each line.
 * A CT-e's expected value is the sum of its shares.
 */
export function ratearGrupo(grupo: ResultadoCalculo, membros: readonly LinhaCteAuditoria[], tabelas: readonly TabelaFrete[]): Map<number, ResultadoCalculo> {
  const tabela = tabelas.find((t) => t.id === grupo.tabelaFrete?.id);
  const partes = membros.map((l) => ({ peso: l.pesoBruto ?? '0', valor: cargaDe(l) ?? '0' }));
  const cotas = grupo.elementosCusto.map((linha) => {
    const regra = regraRateio(linha, tabela, grupo.percurso?.id ?? null);
    return { linha, regra, valores: ratearAgrupamento(linha.valor, partes, regra) };
  });
  const pesoTotal = partes.reduce((s, p) => s.plus(p.peso), new Dec(0));
  const resumo =
    `Agrupamento de ${membros.length} CT-es (${membros.map((l) => l.numero).join(', ')}) auditado como uma só carga: ` +
    `peso ${numeroBr(pesoTotal)} kg, frete do agrupamento ${reais(new Dec(grupo.valorTotal))}. ` +
    `Rateio: elementos com RATEIO pela regra de cada um (${cotas.filter((c) => c.linha.tipo === 'ELEMENTO' && c.regra !== 'PESO').map((c) => `"${c.linha.descricao}" por ${c.regra}`).join(', ') || 'nenhum fora do peso'}); demais linhas pelo peso; centavos restantes no primeiro CT-e.`;
  const resultado = new Map<number, ResultadoCalculo>();
  membros.forEach((l, i) => {
    const elementosCusto = cotas.map((c) => ({ ...c.linha, valor: c.valores[i] }));
    const total = elementosCusto.reduce((s, e) => s.plus(e.valor), new Dec(0));
    resultado.set(l.id, {
      ...grupo,
      elementosCusto,
      valorTotal: total.toFixed(2),
      traco: [...grupo.traco, resumo, `Parte do CT-e ${l.numero} (peso ${numeroBr(new Dec(partes[i].peso))} kg): ${reais(total)}.`],
    });
  });
  return resultado;
}
