import type { EventoAcessorio } from '../../contracts/ocorrencias';
import { faixaEmPercentual, grandezaDe, type AcaoLimite, type Arredondamento, type Grandeza } from '../../contracts/tabela-frete-tipos';
import { type ElementoCusto, type Percurso, type TabelaFrete } from '../../contracts/tabela-frete-modelo';
import { chaveDescricao } from './chave-descricao';
import { Dec } from './decimal-exato';

export interface FaixaPreparada {
  limite: Dec;
  /** The band's value as written (R$ per unit, percentage, or a fixed amount for FIXO_FAIXA_X). */
  valor: Dec;
  /** What multiplies the quantity: the value, divided by 100 for _VALOR and _INDICE (step 5). */
  taxa: Dec;
}

export interface ElementoPreparado {
  elemento: ElementoCusto;
  descricao: string;
  chave: string;
  grandeza: Grandeza | null;
  forma: 'FIXO' | 'PROGRESSIVO' | 'INTEGRAL' | 'FIXO_FAIXA';
  percentual: boolean;
  /** Step 4 rounding step; null = none. */
  arredondamento: Exclude<Arredondamento, 'NENHUM'> | null;
  passo: Dec | null;
  casasModo: typeof Dec.ROUND_HALF_UP | typeof Dec.ROUND_HALF_DOWN;
  minimo: Dec;
  limite: Dec;
  acaoLimite: AcaoLimite;
  /** null = every vehicle type. */
  tiposVeiculo: ReadonlySet<number> | null;
  faixas: FaixaPreparada[];
  /** The quantity that picks the band when it is not the element's own (step 5); null = its own. */
  componente: Grandeza | null;
  incideImposto: boolean;
  exclusivo: boolean;
  indexados: string[];
  desdeEntrega: number;
  /** Issue 31: an accessorial charge, priced only when the request names its event; null: an ordinary element. */
  evento: EventoAcessorio | null;
  /** With `evento`: percent of the ordinary freight ("50" = 50 %); null: priced by its own modalidade and bands. */
  percentualFrete: Dec | null;
}

export interface IncidenciaPreparada {
  clientes: ReadonlySet<number>;
  elementos: ElementoPreparado[];
}

export interface PercursoPreparado {
  percurso: Percurso;
  descricao: string;
  minimo: Dec;
  maximo: Dec;
  elementos: ElementoPreparado[];
  /** Per destination entry (same index as percurso.destinos). */
  incidencias: IncidenciaPreparada[][];
}

export interface TabelaPreparada {
  tabela: TabelaFrete;
  elementos: ElementoPreparado[];
  percursos: PercursoPreparado[];
  /** Step 2 lookups: route indexes by origin municipality id / UF id. */
  origensPorMunicipio: Map<number, number[]>;
  origensPorUf: Map<number, number[]>;
  /** [route index, destination index] by destination municipality id / UF id. */
  destinosPorMunicipio: Map<number, Array<[number, number]>>;
  destinosPorUf: Map<number, Array<[number, number]>>;
}

const COMPONENTE: Record<string, Grandeza | undefined> = { PESO: 'KG', DISTANCIA: 'KM', VALOR: 'VALOR' };
const decimal = (texto: string | null | undefined) => new Dec(texto === null || texto === undefined || texto.trim() === '' ? 0 : texto);

function prepararElemento(e: ElementoCusto): ElementoPreparado {
  const grandeza = grandezaDe(e.modalidade);
  const percentual = faixaEmPercentual(e.modalidade);
  const faixas = e.faixas
    .filter((f) => f.faixaLimite !== null && f.faixaLimite.trim() !== '')
    .map((f) => {
      const valor = decimal(f.valor);
      return { limite: decimal(f.faixaLimite), valor, taxa: percentual ? valor.div(100) : valor };
    })
    .sort((a, b) => a.limite.comparedTo(b.limite));
  const passo = e.arredondamento === 'NENHUM' ? null : decimal(e.valorArredondamento);
  const componente = COMPONENTE[e.faixaComponente] ?? null;
  const evento = e.evento ?? null;
  return {
    elemento: e,
    descricao: e.descricao.trim(),
    chave: chaveDescricao(e.descricao),
    grandeza,
    forma: e.modalidade === 'FIXO' ? 'FIXO' : e.modalidade.startsWith('FIXO_FAIXA') ? 'FIXO_FAIXA' : e.modalidade.endsWith('_INTEGRAL') ? 'INTEGRAL' : 'PROGRESSIVO',
    percentual,
    arredondamento: e.arredondamento === 'NENHUM' || !passo?.gt(0) ? null : e.arredondamento,
    passo: passo?.gt(0) ? passo : null,
    casasModo: e.roundingMode === 'HALF_DOWN' ? Dec.ROUND_HALF_DOWN : Dec.ROUND_HALF_UP,
    minimo: decimal(e.valorMinimo),
    limite: decimal(e.valorLimite),
    // An accessorial never closes the freight (decided): its limit only caps it.
    acaoLimite: evento ? 'LIMITAR' : e.acoesLimite,
    tiposVeiculo: e.tiposVeiculo.length > 0 ? new Set(e.tiposVeiculo.map((t) => t.id)) : null,
    faixas,
    // A component naming the element's own quantity is the same as NORMAL (the rounded step-4 quantity).
    componente: componente === grandeza ? null : componente,
    incideImposto: e.flags.includes('INCIDE_IMPOSTO'),
    exclusivo: !evento && e.flags.includes('EXCLUSIVO'),
    indexados: e.elementosIndexados.map(chaveDescricao),
    desdeEntrega: e.desdeEntrega,
    evento,
    percentualFrete: evento && e.percentualFrete?.trim() ? decimal(e.percentualFrete) : null,
  };
}

function acrescentar<K, V>(mapa: Map<K, V[]>, chave: K, valor: V) {
  const lista = mapa.get(chave);
  if (lista) lista.push(valor);
  else mapa.set(chave, [valor]);
}

function preparar(tabela: TabelaFrete): TabelaPreparada {
  const t: TabelaPreparada = {
    tabela,
    elementos: tabela.elementosCusto.map(prepararElemento),
    percursos: [],
    origensPorMunicipio: new Map(),
    origensPorUf: new Map(),
    destinosPorMunicipio: new Map(),
    destinosPorUf: new Map(),
  };
  tabela.percursos.forEach((p, r) => {
    t.percursos.push({
      percurso: p,
      descricao: p.descricao.trim(),
      minimo: decimal(p.valorMinimo),
      maximo: decimal(p.valorMaximo),
      elementos: p.elementosCusto.map(prepararElemento),
      incidencias: p.destinos.map((d) => d.incidencias.map((i) => ({ clientes: new Set(i.clientes.filter(Boolean).map((c) => c.id)), elementos: i.elementosCusto.map(prepararElemento) }))),
    });
    for (const o of p.origens) {
      if (o.municipio) acrescentar(t.origensPorMunicipio, o.municipio.id, r);
      else if (o.uf) acrescentar(t.origensPorUf, o.uf.id, r);
    }
    p.destinos.forEach((d, i) => {
      if (d.municipio) acrescentar(t.destinosPorMunicipio, d.municipio.id, [r, i] as [number, number]);
      else if (d.uf) acrescentar(t.destinosPorUf, d.uf.id, [r, i] as [number, number]);
    });
  });
  return t;
}

// The server caches table objects by id + versao, so identity is stable: parse, sort and index each
// table once, not on every calculation (thousands per second in audits). Tables are therefore treated
// as immutable: a changed table must be a new object (as ajustarValor and the editors produce).
const preparadas = new WeakMap<TabelaFrete, TabelaPreparada>();

/** The parsed, sorted and indexed form of a table, memoised per table object. */
export function prepararTabela(tabela: TabelaFrete): TabelaPreparada {
  let t = preparadas.get(tabela);
  if (!t) {
    t = preparar(tabela);
    preparadas.set(tabela, t);
  }
  return t;
}
