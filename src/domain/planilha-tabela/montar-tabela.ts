import type { ErroPlanilha } from '../../contracts/planilha-tabela';
import type { ClienteRef, Destino, ElementoCusto, Incidencia, MunicipioRef, Origem, Percurso, TabelaFrete, TransportadoraRef, UfRef } from '../../contracts/tabela-frete-modelo';
import { FLAGS_ELEMENTO, type FlagElemento, type Modalidade } from '../../contracts/tabela-frete-tipos';
import type { EventoAcessorio } from '../../contracts/ocorrencias';
import Decimal from 'decimal.js';
import { chaveDescricao } from '../frete/chave-descricao';
import { novoElementoCusto } from '../frete/validar-tabela-frete';
import { formatarDecimalBr } from './celulas';
import { itensLista, type LinhaTipada, type LinhasTipadas } from './ler-abas';
import { ABAS_PLANILHA, rotuloDe, type IdAba } from './layout';

// The typed rows → a TabelaFrete: rows linked by their numbers, references resolved by the maps the server
// looked up in one batch each. Every broken link or unknown reference is an error at its cell. `lugares` keeps the
// row of every part built, so the spec-02 rules can be reported where they are (validar-lugares.ts).

export interface ReferenciasResolvidas {
  transportadora: TransportadoraRef | null;
  ufs: Map<string, UfRef>;
  municipios: Map<number, MunicipioRef>;
  clientes: Map<string, ClienteRef>;
  tiposVeiculo: Map<string, { id: number; descricao: string }>;
}

export interface TabelaMontada {
  tabela: TabelaFrete;
  erros: ErroPlanilha[];
  /** Row of each part built (percursos, origens, destinos, incidências: first row, elementos). */
  lugares: Map<object, number>;
  /** Row of the Tabela sheet's data. */
  linhaTabela: number | null;
}

type V = LinhaTipada['v'];
const txt = (v: V, k: string) => (typeof v[k] === 'string' ? (v[k] as string) : null);
const num = (v: V, k: string) => (typeof v[k] === 'number' ? (v[k] as number) : null);
const dec = (v: V, k: string, padrao: string) => txt(v, k) ?? padrao;
const cnpjFormatado = (d: string) => (d.length === 14 ? d.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5') : d);

class Montagem {
  readonly erros: ErroPlanilha[] = [];
  readonly lugares = new Map<object, number>();
  constructor(readonly refs: ReferenciasResolvidas) {}

  erro(aba: IdAba, linha: number | null, chave: string | null, mensagem: string) {
    this.erros.push({ aba: ABAS_PLANILHA[aba].nome, linha, coluna: chave ? rotuloDe(aba, chave) : null, mensagem });
  }

  /** Rows by their number column; a repeated number is an error at the later row. */
  indexar<T>(aba: IdAba, linhas: LinhaTipada[], chave: string, criar: (l: LinhaTipada) => T): Map<number, T> {
    const m = new Map<number, { item: T; linha: number }>();
    for (const l of linhas) {
      const n = num(l.v, chave);
      if (n === null) continue;
      const antes = m.get(n);
      if (antes) this.erro(aba, l.linha, chave, `o nº ${n} já está na linha ${antes.linha}.`);
      else m.set(n, { item: criar(l), linha: l.linha });
    }
    return new Map([...m].map(([n, x]) => [n, x.item]));
  }

  /** The part numbered by `chave` in `l`, or an error naming the sheet where it should be. */
  ligar<T>(aba: IdAba, l: LinhaTipada, chave: string, mapa: Map<number, T>, abaAlvo: IdAba, oQue: string): T | null {
    const n = num(l.v, chave);
    if (n === null) return null;
    const alvo = mapa.get(n);
    if (alvo === undefined) this.erro(aba, l.linha, chave, `${oQue} nº ${n} não está na aba ${ABAS_PLANILHA[abaAlvo].nome}.`);
    return alvo ?? null;
  }

  local(aba: 'origens' | 'destinos', l: LinhaTipada): Pick<Origem, 'municipio' | 'uf'> {
    const sigla = txt(l.v, 'UF');
    const codigo = num(l.v, 'MUNICIPIO_IBGE');
    const uf: UfRef | null = sigla ? (this.refs.ufs.get(sigla) ?? null) : null;
    const municipio = codigo !== null ? (this.refs.municipios.get(codigo) ?? null) : null;
    if (sigla && !uf) this.erro(aba, l.linha, 'UF', `a UF "${sigla}" não existe.`);
    if (codigo !== null && !municipio) this.erro(aba, l.linha, 'MUNICIPIO_IBGE', `o município de código IBGE ${codigo} não foi encontrado.`);
    return { municipio, uf };
  }

  elemento(l: LinhaTipada): ElementoCusto {
    const v = l.v;
    const padrao = novoElementoCusto();
    const tipos = itensLista(v.TIPOS_VEICULO).flatMap((d) => {
      const t = this.refs.tiposVeiculo.get(d) ?? [...this.refs.tiposVeiculo.entries()].find(([k]) => chaveDescricao(k) === chaveDescricao(d))?.[1];
      if (!t) this.erro('elementos', l.linha, 'TIPOS_VEICULO', `o tipo de veículo "${d}" não está cadastrado.`);
      return t ? [t] : [];
    });
    const flag = (f: FlagElemento) => (v[f] === undefined ? padrao.flags.includes(f) : v[f] === true);
    return {
      descricao: txt(v, 'DESCRICAO') ?? '',
      modalidade: (txt(v, 'MODALIDADE') as Modalidade | null) ?? padrao.modalidade,
      arredondamento: (txt(v, 'ARREDONDAMENTO') as ElementoCusto['arredondamento'] | null) ?? padrao.arredondamento,
      valorArredondamento: txt(v, 'VALOR_ARREDONDAMENTO'),
      roundingMode: (txt(v, 'ROUNDING_MODE') as ElementoCusto['roundingMode'] | null) ?? padrao.roundingMode,
      valorMinimo: dec(v, 'VALOR_MINIMO', padrao.valorMinimo),
      valorLimite: dec(v, 'VALOR_LIMITE', padrao.valorLimite),
      acoesLimite: (txt(v, 'ACOES_LIMITE') as ElementoCusto['acoesLimite'] | null) ?? padrao.acoesLimite,
      tiposVeiculo: tipos,
      faixas: [],
      faixaComponente: (txt(v, 'FAIXA_COMPONENTE') as ElementoCusto['faixaComponente'] | null) ?? padrao.faixaComponente,
      flags: FLAGS_ELEMENTO.filter(flag),
      elementosIndexados: itensLista(v.ELEMENTOS_INDEXADOS),
      desdeEntrega: num(v, 'DESDE_ENTREGA') ?? padrao.desdeEntrega,
      rateioAgrupamento: (txt(v, 'RATEIO_AGRUPAMENTO') as ElementoCusto['rateioAgrupamento'] | null) ?? padrao.rateioAgrupamento,
      evento: (txt(v, 'EVENTO') as EventoAcessorio | null) ?? null,
      percentualFrete: txt(v, 'PERCENTUAL_FRETE'),
    };
  }
}

function cabecaTabela(m: Montagem, linhas: LinhaTipada[]): Omit<TabelaFrete, 'percursos' | 'elementosCusto'> {
  if (linhas.length === 0) m.erro('tabela', null, null, 'a aba não tem a linha de dados (linha 3).');
  for (const extra of linhas.slice(1)) m.erro('tabela', extra.linha, null, 'a aba Tabela tem uma só linha de dados.');
  const v = linhas[0]?.v ?? {};
  const cnpj = txt(v, 'TRANSPORTADORA_CNPJ');
  if (cnpj && !m.refs.transportadora) m.erro('tabela', linhas[0].linha, 'TRANSPORTADORA_CNPJ', `a transportadora de CNPJ ${cnpjFormatado(cnpj)} não está cadastrada.`);
  return {
    transportadora: m.refs.transportadora,
    inicio: txt(v, 'INICIO'),
    fim: txt(v, 'FIM'),
    flags: v.ICMS_INCLUSO === true ? ['ICMS_INCLUSO'] : [],
    descricaoIcms: txt(v, 'DESCRICAO_ICMS') || null,
    descricaoPesoTaxado: txt(v, 'DESCRICAO_PESO_TAXADO') || null,
  };
}

function montarFaixas(m: Montagem, linhas: LinhaTipada[], elementos: Map<number, ElementoCusto>) {
  const anterior = new Map<ElementoCusto, string>();
  for (const l of linhas) {
    const e = m.ligar('faixas', l, 'ELEMENTO', elementos, 'elementos', 'o elemento');
    if (!e) continue;
    const limite = txt(l.v, 'FAIXA_LIMITE');
    const antes = anterior.get(e);
    if (limite !== null && antes !== undefined && new Decimal(limite).lte(antes))
      m.erro('faixas', l.linha, 'FAIXA_LIMITE', `deve ser maior que o limite inferior (${formatarDecimalBr(antes, 3)}).`);
    if (limite !== null) anterior.set(e, limite);
    e.faixas.push({ valor: dec(l.v, 'VALOR', '0'), faixaLimite: limite });
  }
}

/** The table of the typed rows, with the errors of links and references. */
export function montarTabela(l: LinhasTipadas, refs: ReferenciasResolvidas): TabelaMontada {
  const m = new Montagem(refs);
  const tabela: TabelaFrete = { ...cabecaTabela(m, l.tabela), percursos: [], elementosCusto: [] };
  const lugar = <T extends object>(x: T, linha: number): T => (m.lugares.set(x, linha), x);

  const percursos = m.indexar('percursos', l.percursos, 'PERCURSO', (x) =>
    lugar<Percurso>({ descricao: txt(x.v, 'DESCRICAO') ?? '', valorMinimo: dec(x.v, 'VALOR_MINIMO', '0'), valorMaximo: dec(x.v, 'VALOR_MAXIMO', '0'), origens: [], destinos: [], elementosCusto: [] }, x.linha),
  );
  tabela.percursos = [...percursos.values()];
  for (const x of l.origens) {
    const p = m.ligar('origens', x, 'PERCURSO', percursos, 'percursos', 'o percurso');
    const o = lugar<Origem>(m.local('origens', x), x.linha);
    p?.origens.push(o);
  }
  const destinos = new Map<number, Destino>();
  const indexados = m.indexar('destinos', l.destinos, 'DESTINO', (x) => x);
  for (const [n, x] of indexados) {
    const d = lugar<Destino>({ ...m.local('destinos', x), incidencias: [] }, x.linha);
    destinos.set(n, d);
    m.ligar('destinos', x, 'PERCURSO', percursos, 'percursos', 'o percurso')?.destinos.push(d);
  }
  const incidencias = new Map<number, { inc: Incidencia; destino: number | null; linha: number }>();
  for (const x of l.incidencias) {
    const n = num(x.v, 'INCIDENCIA');
    if (n === null) continue;
    let item = incidencias.get(n);
    if (!item) {
      item = { inc: lugar<Incidencia>({ clientes: [], elementosCusto: [] }, x.linha), destino: num(x.v, 'DESTINO'), linha: x.linha };
      incidencias.set(n, item);
      m.ligar('incidencias', x, 'DESTINO', destinos, 'destinos', 'o destino')?.incidencias.push(item.inc);
    } else if (num(x.v, 'DESTINO') !== item.destino)
      m.erro('incidencias', x.linha, 'DESTINO', `a incidência nº ${n} já é do destino nº ${item.destino ?? '(vazio)'} (linha ${item.linha}).`);
    const doc = txt(x.v, 'CLIENTE_CPF_CNPJ');
    if (doc === null) continue;
    const cliente = refs.clientes.get(doc);
    if (cliente) item.inc.clientes.push(cliente);
    else m.erro('incidencias', x.linha, 'CLIENTE_CPF_CNPJ', `o cliente de CPF/CNPJ ${doc} não está cadastrado.`);
  }
  const porNumero = new Map([...incidencias].map(([k, i]) => [k, i.inc]));
  const elementos = m.indexar('elementos', l.elementos, 'ELEMENTO', (x) => {
    const e = lugar(m.elemento(x), x.linha);
    const nivel = txt(x.v, 'NIVEL');
    if (nivel === 'TABELA') tabela.elementosCusto.push(e);
    else if (nivel === 'PERCURSO') {
      if (num(x.v, 'PERCURSO') === null) m.erro('elementos', x.linha, 'PERCURSO', 'é obrigatório no nível PERCURSO.');
      m.ligar('elementos', x, 'PERCURSO', percursos, 'percursos', 'o percurso')?.elementosCusto.push(e);
    } else if (nivel === 'INCIDENCIA') {
      if (num(x.v, 'INCIDENCIA') === null) m.erro('elementos', x.linha, 'INCIDENCIA', 'é obrigatório no nível INCIDENCIA.');
      m.ligar('elementos', x, 'INCIDENCIA', porNumero, 'incidencias', 'a incidência')?.elementosCusto.push(e);
    }
    return e;
  });
  montarFaixas(m, l.faixas, elementos);
  return { tabela, erros: m.erros, lugares: m.lugares, linhaTabela: l.tabela[0]?.linha ?? null };
}
