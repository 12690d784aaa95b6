import { DESCRICAO_ICMS_PADRAO, DESCRICAO_PESO_TAXADO_PADRAO, type Grandeza } from '../../contracts/tabela-frete-tipos';
import { type TabelaFrete, type TransportadoraRef } from '../../contracts/tabela-frete-modelo';
import { type ResultadoCalculo } from '../../contracts/calculo-frete';
import { formatDateBr } from '../format-date-br';
import { Dec } from './decimal-exato';
import { distanciaKm } from './distancia-km';
import { elementosEfetivos, NOME_NIVEL, type ElementoEfetivo } from './elementos-efetivos';
import { escolherPercurso, type CandidatoPercurso } from './escolher-percurso';
import { numeroBr, quantidadeTexto, reais } from './formatar-traco';
import { prepararTabela } from './preparar-tabela';
import { totalizarFrete, type LinhaElemento } from './totalizar-frete';
import { valorElemento, type ValorElemento } from './valor-elemento';
import { elementosPrecificados, linhasAcessorios } from './valor-acessorio';
import type { EventoAcessorio } from '../../contracts/ocorrencias';

export interface MunicipioCalculo {
  id: number;
  codigo: number;
  nome: string;
  siglaUf: string;
  ufId: number;
  latitude: number | null;
  longitude: number | null;
}

export interface EntradaCalculo {
  /** YYYY-MM-DD. */
  dataDespacho: string;
  /** Register ids (cliente.id) of the request's customer CNPJ: incidences match on these. */
  clienteIds: readonly number[];
  /** Cargo value, R$. */
  valor: string;
  /** Kg. */
  peso: string;
  origem: MunicipioCalculo;
  destino: MunicipioCalculo;
  /** null = "Qualquer". */
  tipoVeiculo: { id: number; descricao: string } | null;
  /** Fraction: "0.12" for 12 %. */
  icms: string;
  /**
   * Reduction of the ICMS base, in percent (the CT-e's pRedBC: ICMS20, ICMS90, ICMSOutraUF); absent or null:
   * none. The ICMS step then grosses up at the effective rate icms × (1 − reducao/100).
   */
  reducaoBaseIcms?: string | null;
  /** Km; null = great-circle estimate from the coordinates. */
  distancia: string | null;
  /** Deliveries in a grouping (default 1). */
  entregas: number;
  /**
   * Issue 31: the accessorial events this request prices (the audit: those a CT-e charges and an occurrence
   * justifies). An element tied to an event not named here is skipped. Absent: none.
   */
  acessorios?: readonly EventoAcessorio[];
  /** Only the accessorials make the value (a complement priced over its original's data). */
  somenteAcessorios?: boolean;
}

/** What the engine tells its caller beyond the result (the audit): the events the effective elements are tied to. */
export interface DetalheCalculo {
  eventos: Set<EventoAcessorio>;
}

const rotuloMunicipio = (m: MunicipioCalculo) => `${m.nome}/${m.siglaUf}`;

/**
 * freight-calculation.md step 1: the table with inicio <= date <= fim (fim null = open-ended); several:
 * the latest inicio; equal inicio (decided): the highest id, the table registered last.
 */
function tabelaVigente(tabelas: readonly TabelaFrete[], data: string): { tabela: TabelaFrete; vigentes: number } | null {
  let melhor: TabelaFrete | null = null;
  let vigentes = 0;
  for (const t of tabelas) {
    if (!t.inicio || t.inicio > data || (t.fim && t.fim < data)) continue;
    vigentes++;
    if (!melhor || t.inicio > melhor.inicio! || (t.inicio === melhor.inicio && (t.id ?? -1) > (melhor.id ?? -1))) melhor = t;
  }
  return melhor && { tabela: melhor, vigentes };
}

const descreverCandidato = (c: CandidatoPercurso) =>
  `"${c.percurso.descricao}" (origem ${c.pontosOrigem} + destino ${c.pontosDestino} = ${c.pontosOrigem + c.pontosDestino})`;

interface Quantidades {
  rotulos: Record<Grandeza, string>;
  quantidades: Record<Grandeza, Dec>;
}

/**
 * Step 4 quantities. The distance is needed (and estimated) only when an element prices or bands by km.
 * A string: why the freight cannot be computed.
 */
function quantidadesDo(tabela: TabelaFrete, efetivos: readonly ElementoEfetivo[], entrada: EntradaCalculo, traco: string[]): Quantidades | string {
  const origem = rotuloMunicipio(entrada.origem);
  const destino = rotuloMunicipio(entrada.destino);
  const rotulos: Record<Grandeza, string> = {
    KG: tabela.descricaoPesoTaxado?.trim() || DESCRICAO_PESO_TAXADO_PADRAO,
    KM: 'Distância',
    VALOR: 'Valor da carga',
    INDICE: 'Soma dos elementos indexados',
  };
  const quantidades: Record<Grandeza, Dec> = { KG: new Dec(entrada.peso), KM: new Dec(0), VALOR: new Dec(entrada.valor), INDICE: new Dec(0) };
  traco.push(`${rotulos.KG}: ${quantidadeTexto('KG', quantidades.KG)}; ${rotulos.VALOR}: ${reais(quantidades.VALOR)}.`);
  if (efetivos.some(({ elemento: e }) => e.forma !== 'FIXO' && (e.grandeza === 'KM' || e.componente === 'KM'))) {
    if (entrada.distancia !== null) {
      quantidades.KM = new Dec(entrada.distancia);
      traco.push(`Distância informada: ${quantidadeTexto('KM', quantidades.KM)}.`);
    } else {
      const km = distanciaKm(entrada.origem, entrada.destino);
      if (km === null) return `Distância entre ${origem} e ${destino} indisponível: informe a distância`;
      quantidades.KM = new Dec(km);
      traco.push(`Distância estimada em linha reta entre ${origem} e ${destino}: ${km} km (estimativa, arredondada para cima; informe a distância para um valor exato).`);
    }
  }
  return { rotulos, quantidades };
}

/**
 * Steps 4 to 8, non-index elements first: an _INDICE element sums their final values (cents). A string: why
 * an element cannot be computed.
 */
function calcularElementos(efetivos: readonly ElementoEfetivo[], { rotulos, quantidades }: Quantidades, traco: string[]): Map<ElementoEfetivo, ValorElemento> | string {
  const ctx = { rotulos, quantidadeDe: (g: Grandeza) => quantidades[g], traco };
  const calculados = new Map<ElementoEfetivo, ValorElemento>();
  const valoresPorChave = new Map<string, Dec>();
  for (const indice of [false, true])
    for (const ef of efetivos) {
      const e = ef.elemento;
      if ((e.grandeza === 'INDICE') !== indice) continue;
      const nome = `"${e.descricao}" (${NOME_NIVEL[ef.nivel]})`;
      let propria = e.grandeza ? quantidades[e.grandeza] : new Dec(0);
      if (indice) {
        const partes: string[] = [];
        propria = new Dec(0);
        e.indexados.forEach((chave, i) => {
          const rotulo = e.elemento.elementosIndexados[i].trim();
          const v = valoresPorChave.get(chave);
          if (v) {
            propria = propria.plus(v);
            partes.push(`"${rotulo}" ${reais(v)}`);
          } else traco.push(`${nome}: o elemento indexado "${rotulo}" não faz parte deste cálculo: conta 0.`);
        });
        traco.push(`${nome}: soma dos indexados ${partes.join(' + ') || 'nenhum'} = ${reais(propria)}.`);
      }
      const r = valorElemento(e, nome, propria, ctx);
      if (typeof r === 'string') return r;
      calculados.set(ef, r);
      if (!indice) valoresPorChave.set(e.chave, r.valor);
    }
  return calculados;
}

/**
 * Step 7, EXCLUSIVO limit: the element whose limit closes the freight, or null. Several (decided): the lowest
 * limit; equal limits, the first description in alphabetical order of chaveDescricao (so the element order
 * in the table never changes the result).
 */
function elementoQueFecha(efetivos: readonly ElementoEfetivo[], calculados: ReadonlyMap<ElementoEfetivo, ValorElemento>): ElementoEfetivo | null {
  let fechado: ElementoEfetivo | null = null;
  for (const ef of efetivos) {
    if (!calculados.get(ef)!.excedeExclusivo) continue;
    const ordem = fechado ? ef.elemento.limite.comparedTo(fechado.elemento.limite) || (ef.elemento.chave < fechado.elemento.chave ? -1 : 1) : -1;
    if (ordem < 0) fechado = ef;
  }
  return fechado;
}

/** The lines the freight is made of: the closing element alone at its limit, or every element's value. */
function elementosDoFrete(
  efetivos: readonly ElementoEfetivo[],
  calculados: ReadonlyMap<ElementoEfetivo, ValorElemento>,
  fechado: ElementoEfetivo | null,
  traco: string[],
): LinhaElemento[] {
  if (!fechado) return efetivos.map((ef) => ({ descricao: ef.elemento.descricao, nivel: ef.nivel, valor: calculados.get(ef)!.valor, incideImposto: ef.elemento.incideImposto }));
  const e = fechado.elemento;
  traco.push(`Frete fechado pelo limite de "${e.descricao}": ${reais(e.limite)}; os demais elementos e os limites do percurso não se aplicam.`);
  return [{ descricao: e.descricao, nivel: fechado.nivel, valor: e.limite.toDecimalPlaces(2, e.casasModo), incideImposto: e.incideImposto }];
}

/** The freight of one carrier for one request: freight-calculation.md steps 1 to 10, with a trace. */
export function calcularFrete(transportadora: TransportadoraRef, tabelas: readonly TabelaFrete[], entrada: EntradaCalculo, detalhe?: DetalheCalculo): ResultadoCalculo {
  const traco: string[] = [];
  let tabelaFrete: ResultadoCalculo['tabelaFrete'] = null;
  let percurso: ResultadoCalculo['percurso'] = null;
  const falha = (mensagem: string): ResultadoCalculo => {
    traco.push(`Falha: ${mensagem}`);
    return { transportadora, tabelaFrete, percurso, status: 'FALHA', elementosCusto: [], valorTotal: '0.00', mensagens: [mensagem], traco };
  };
  const origem = rotuloMunicipio(entrada.origem);
  const destino = rotuloMunicipio(entrada.destino);

  try {
    const vigente = tabelaVigente(tabelas, entrada.dataDespacho);
    if (!vigente) return falha(`Nenhuma tabela de frete vigente para ${transportadora.razaoSocial} em ${formatDateBr(entrada.dataDespacho)}`);
    const { tabela } = vigente;
    tabelaFrete = { id: tabela.id ?? null, inicio: tabela.inicio, fim: tabela.fim };
    traco.push(
      `Tabela de frete${tabela.id ? ` nº ${tabela.id}` : ''}, vigente de ${formatDateBr(tabela.inicio)} ${tabela.fim ? `a ${formatDateBr(tabela.fim)}` : 'em diante'}` +
        (vigente.vigentes > 1 ? ` (${vigente.vigentes} tabelas vigentes em ${formatDateBr(entrada.dataDespacho)}: vale a de início mais recente).` : '.'),
    );
    const preparada = prepararTabela(tabela);

    const icms = new Dec(entrada.icms);
    if (icms.isNegative() || icms.gte(1)) return falha(`Alíquota de ICMS inválida: ${numeroBr(icms.times(100))} %`);
    const reducao = entrada.reducaoBaseIcms ? new Dec(entrada.reducaoBaseIcms) : null;
    if (reducao && (reducao.isNegative() || reducao.gt(100))) return falha(`Redução da base do ICMS inválida: ${numeroBr(reducao)} %`);

    // Step 2.
    const escolha = escolherPercurso(preparada, entrada.origem, entrada.destino);
    if (escolha.tipo === 'NENHUM') return falha(`Nenhum percurso da tabela atende ${origem} -> ${destino}`);
    if (escolha.tipo === 'EMPATE')
      return falha(`Mais de um percurso atende ${origem} -> ${destino} com a mesma pontuação: ${escolha.empatados.map(descreverCandidato).join(', ')}`);
    const { escolhido } = escolha;
    percurso = { id: escolhido.percurso.percurso.id ?? null, descricao: escolhido.percurso.descricao };
    traco.push(`Percurso ${descreverCandidato(escolhido)} para ${origem} -> ${destino} (município vale 2, UF vale 1).`);
    for (const outro of escolha.outros) traco.push(`Percurso ${descreverCandidato(outro)} também atende, com pontuação menor.`);

    // Step 3; accessorial elements only for the events the request names (issue 31).
    const efetivos = elementosEfetivos(preparada, escolhido, entrada, traco);
    for (const ef of efetivos) if (ef.elemento.evento) detalhe?.eventos.add(ef.elemento.evento);
    const precificados = elementosPrecificados(efetivos, entrada.acessorios, traco);
    const ordinarios = precificados.filter((ef) => !ef.elemento.evento);
    const acessorios = precificados.filter((ef) => ef.elemento.evento);
    const porFaixas = precificados.filter((ef) => !ef.elemento.percentualFrete);

    // Steps 4 to 8.
    const q = quantidadesDo(tabela, porFaixas, entrada, traco);
    if (typeof q === 'string') return falha(q);
    const calculados = calcularElementos(porFaixas, q, traco);
    if (typeof calculados === 'string') return falha(calculados);

    // Step 7, EXCLUSIVO limit: the freight is that element alone at its limit (before tax), without route bounds.
    const fechado = elementoQueFecha(ordinarios, calculados);

    // Steps 9 and 10.
    const { linhas, valorTotal } = totalizarFrete({
      elementos: elementosDoFrete(ordinarios, calculados, fechado, traco),
      limitesPercurso: fechado ? null : { minimo: escolhido.percurso.minimo, maximo: escolhido.percurso.maximo },
      icms,
      reducaoBaseIcms: reducao,
      icmsIncluso: tabela.flags.includes('ICMS_INCLUSO'),
      descricaoIcms: tabela.descricaoIcms?.trim() || DESCRICAO_ICMS_PADRAO,
      traco,
      acessorios: acessorios.length || entrada.somenteAcessorios ? (frete) => linhasAcessorios(acessorios, calculados, frete, traco) : undefined,
      somenteAcessorios: entrada.somenteAcessorios,
    });
    return { transportadora, tabelaFrete, percurso, status: 'SUCESSO', elementosCusto: linhas, valorTotal, mensagens: [], traco };
  } catch (erro) {
    // A table saved before a rule existed must fail this carrier only, never the whole request.
    return falha(`Não foi possível calcular com a tabela de frete: ${erro instanceof Error ? erro.message : String(erro)}`);
  }
}
