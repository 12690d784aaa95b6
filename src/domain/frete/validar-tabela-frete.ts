import Decimal from 'decimal.js';
import { FAIXA_LIMITE_MAXIMO, ehIndice, type Modalidade } from '../../contracts/tabela-frete-tipos';
import { type Destino, type ElementoCusto, type Incidencia, type Origem, type Percurso, type TabelaFrete } from '../../contracts/tabela-frete-modelo';
import { chaveDescricao } from './chave-descricao';

// Spec 02 §5 rules with their messages (verbatim where the spec quotes them). The sub-dialogs run the
// rule of what they edit; the table dialog and the server run validarTabelaFrete over everything.

export const MSG_TRANSPORTADORA = 'A transportadora é obrigatória';
export const MSG_AO_MENOS_UM_PERCURSO = 'A tabela de frete deve ter ao menos um percurso';
export const MSG_INICIO_VIGENCIA = 'A data de início da vigência é obrigatória';
export const MSG_FIM_ANTES_INICIO = 'O fim da vigência não pode ser anterior ao início';
export const MSG_PERCURSO_DESCRICAO = 'A descrição é obrigatória';
export const MSG_PERCURSO_ORIGEM = 'O percurso deve ter ao menos uma origem';
export const MSG_PERCURSO_DESTINO = 'O percurso deve ter ao menos um destino';
export const MSG_PERCURSO_DESCRICAO_EM_USO = 'Esta descrição já está sendo usada por outro percurso';
export const AVISO_PERCURSO_DESCRICAO_REPETIDA = 'Já existe outro percurso com essa mesma descrição';
export const MSG_PERCURSO_MAXIMO_MENOR = 'O valor máximo do percurso não pode ser menor que o valor mínimo';
export const MSG_ORIGEM = 'A origem é obrigatória';
export const MSG_ORIGEM_AMBOS = 'A origem deve ser um município ou uma UF (nunca os dois ao mesmo tempo)';
export const MSG_DESTINO = 'O destino é obrigatório';
export const MSG_DESTINO_AMBOS = 'O destino deve ser um município ou uma UF (nunca os dois ao mesmo tempo)';
export const MSG_INCIDENCIA_CLIENTE = 'A incidência deve ter ao menos um cliente';
export const MSG_INCIDENCIA_ELEMENTO = 'A incidência deve ter ao menos um elemento de custo';
export const MSG_ELEMENTO_DESCRICAO = 'A descrição é obrigatória';
export const MSG_ELEMENTO_MODALIDADE = 'A modalidade de cálculo é obrigatória';
export const MSG_ELEMENTO_FAIXA = 'É necessário haver ao menos uma faixa de preço';
export const MSG_ELEMENTO_FAIXA_LIMITE = 'Todas as faixas de preço devem ter um limite superior';
export const MSG_ELEMENTO_FAIXA_MAXIMO = `O limite superior de uma faixa de preço deve ser no máximo ${FAIXA_LIMITE_MAXIMO}`;
export const MSG_ELEMENTO_FAIXA_REPETIDA = 'Duas faixas de preço não podem ter o mesmo limite superior';
export const MSG_ELEMENTO_INDEXADOS_INDICE = 'Os elementos indexados só podem se referir a elementos de custo que não sejam por índice';
export const MSG_ELEMENTO_INDEXADOS_VAZIO = 'Um elemento de custo por índice precisa de ao menos um elemento indexado';
export const MSG_ELEMENTO_ARREDONDAMENTO = 'Informe o valor de arredondamento (maior que zero)';
export const MSG_ELEMENTO_PERCENTUAL_SEM_EVENTO = 'O percentual do frete só pode ser informado em um elemento de custo com evento';
export const MSG_ELEMENTO_PERCENTUAL_INVALIDO = 'O percentual do frete deve ser um número não negativo com até 5 casas decimais';
export const MSG_ELEMENTO_DESCRICAO_REPETIDA = 'Já existe outro elemento de custo com essa descrição neste nível';
export const avisoSobrescreveElemento = (nivel: string) =>
  `Já existe um elemento de custo com essa descrição em ${nivel}: neste cálculo, este elemento o substituirá.`;
export const mensagemConflito = (x: string, y: string, origens: string[], destinos: string[]) =>
  `O percurso ${x} conflita com ${y}: Origens = ${origens.join(', ')}; Destinos = ${destinos.join(', ')}`;

/** Default of a new cost element (spec 02 §3). */
export function novoElementoCusto(): ElementoCusto {
  return {
    descricao: '',
    modalidade: 'FIXO',
    arredondamento: 'NENHUM',
    valorArredondamento: null,
    roundingMode: 'HALF_UP',
    valorMinimo: '0',
    valorLimite: '0',
    acoesLimite: 'LIMITAR',
    tiposVeiculo: [],
    faixas: [],
    faixaComponente: 'NORMAL',
    flags: ['INCIDE_IMPOSTO'],
    elementosIndexados: [],
    desdeEntrega: 1,
    rateioAgrupamento: 'NENHUM',
  };
}

type ElementoEmEdicao = Omit<ElementoCusto, 'modalidade'> & { modalidade: Modalidade | null };
const positivo = (v: string | null | undefined) => {
  try {
    return v !== null && v !== undefined && v !== '' && new Decimal(v).gt(0);
  } catch {
    return false;
  }
};

/**
 * Cost element (spec 02 §5). `indexaveis` are the descriptions of the table's non-index elements (any
 * level): an index element may refer only to those.
 */
export function validarElementoCusto(e: ElementoEmEdicao, indexaveis?: readonly string[]): string[] {
  const m: string[] = [];
  if (!e.descricao.trim()) m.push(MSG_ELEMENTO_DESCRICAO);
  if (!e.modalidade) m.push(MSG_ELEMENTO_MODALIDADE);
  const percentual = e.percentualFrete?.trim() || null;
  // Priced as a share of the freight (issue 31), the element needs no band of its own.
  if (e.modalidade && e.modalidade !== 'FIXO' && e.faixas.length === 0 && !(e.evento && percentual)) m.push(MSG_ELEMENTO_FAIXA);
  if (percentual && !e.evento) m.push(MSG_ELEMENTO_PERCENTUAL_SEM_EVENTO);
  if (percentual && !/^\d{1,10}(\.\d{1,5})?$/.test(percentual)) m.push(MSG_ELEMENTO_PERCENTUAL_INVALIDO);
  if (e.faixas.some((f) => f.faixaLimite === null || f.faixaLimite === '')) m.push(MSG_ELEMENTO_FAIXA_LIMITE);
  const limites = e.faixas.filter((f) => f.faixaLimite !== null && f.faixaLimite !== '').map((f) => new Decimal(f.faixaLimite!));
  if (limites.some((l) => l.gt(FAIXA_LIMITE_MAXIMO))) m.push(MSG_ELEMENTO_FAIXA_MAXIMO);
  if (new Set(limites.map((l) => l.toString())).size !== limites.length) m.push(MSG_ELEMENTO_FAIXA_REPETIDA);
  if (e.arredondamento !== 'NENHUM' && !positivo(e.valorArredondamento)) m.push(MSG_ELEMENTO_ARREDONDAMENTO);
  if (e.modalidade && ehIndice(e.modalidade)) {
    if (e.elementosIndexados.length === 0) m.push(MSG_ELEMENTO_INDEXADOS_VAZIO);
    const validas = indexaveis && new Set(indexaveis.map(chaveDescricao));
    const proprio = chaveDescricao(e.descricao);
    if (e.elementosIndexados.some((d) => chaveDescricao(d) === proprio || (validas && !validas.has(chaveDescricao(d)))))
      m.push(MSG_ELEMENTO_INDEXADOS_INDICE);
  }
  return m;
}

/** Origin (spec 02 §5): a municipality or a UF. */
export function validarOrigem(o: Pick<Origem, 'municipio' | 'uf'>): string[] {
  if (!o.municipio && !o.uf) return [MSG_ORIGEM];
  if (o.municipio && o.uf) return [MSG_ORIGEM_AMBOS];
  return [];
}

/** Destination (spec 02 §5): a municipality or a UF, never both. */
export function validarDestino(d: Pick<Destino, 'municipio' | 'uf'>): string[] {
  if (!d.municipio && !d.uf) return [MSG_DESTINO];
  if (d.municipio && d.uf) return [MSG_DESTINO_AMBOS];
  return [];
}

/** Incidence (spec 02 §5): at least one customer (empty rows dropped before) and one element. */
export function validarIncidencia(i: Pick<Incidencia, 'clientes' | 'elementosCusto'>): string[] {
  const m: string[] = [];
  if (i.clientes.filter(Boolean).length === 0) m.push(MSG_INCIDENCIA_CLIENTE);
  if (i.elementosCusto.length === 0) m.push(MSG_INCIDENCIA_ELEMENTO);
  return m;
}

/** Route (spec 02 §5); `outros` are the table's other routes (the one being edited left out). */
export function validarPercurso(p: Percurso, outros: readonly Percurso[]): string[] {
  const m: string[] = [];
  if (!p.descricao.trim()) m.push(MSG_PERCURSO_DESCRICAO);
  else if (descricaoRepetida(p.descricao, outros)) m.push(MSG_PERCURSO_DESCRICAO_EM_USO);
  if (p.origens.length === 0) m.push(MSG_PERCURSO_ORIGEM);
  if (p.destinos.length === 0) m.push(MSG_PERCURSO_DESTINO);
  if (positivo(p.valorMaximo) && new Decimal(p.valorMaximo).lt(p.valorMinimo || 0)) m.push(MSG_PERCURSO_MAXIMO_MENOR);
  return m;
}

/** The live warning of the route dialog: another route already has this description. */
export const descricaoRepetida = (descricao: string, outros: readonly Pick<Percurso, 'descricao'>[]) =>
  descricao.trim() !== '' && outros.some((o) => chaveDescricao(o.descricao) === chaveDescricao(descricao));

export const rotuloLocal = (l: Pick<Origem, 'municipio' | 'uf'>): string =>
  l.municipio ? `${l.municipio.nome}/${l.municipio.siglaUf}` : l.uf ? l.uf.sigla : '';

const chaveLocal = (l: Pick<Origem, 'municipio' | 'uf'>) => (l.municipio ? `m${l.municipio.id}` : l.uf ? `u${l.uf.id}` : '');

function comuns<T extends Pick<Origem, 'municipio' | 'uf'>>(a: readonly T[], b: readonly T[]): string[] {
  const deB = new Set(b.map(chaveLocal));
  return [...new Map(a.filter((l) => chaveLocal(l) && deB.has(chaveLocal(l))).map((l) => [chaveLocal(l), rotuloLocal(l)])).values()];
}

/**
 * Spec 02 §5: no two routes may share an origin AND a destination (equal municipality ids, or equal UF
 * ids). One message per conflicting pair, naming what they share.
 */
export function conflitosPercursos(percursos: readonly Percurso[]): string[] {
  const m: string[] = [];
  for (let i = 0; i < percursos.length; i++)
    for (let j = i + 1; j < percursos.length; j++) {
      const origens = comuns(percursos[i].origens, percursos[j].origens);
      if (origens.length === 0) continue;
      const destinos = comuns(percursos[i].destinos, percursos[j].destinos);
      if (destinos.length > 0) m.push(mensagemConflito(percursos[i].descricao, percursos[j].descricao, origens, destinos));
    }
  return m;
}

/** Descriptions of every non-index element of the table, at every level (what an index may refer to); an element still without a modalidade (a body being validated) is skipped. */
export function descricoesIndexaveis(t: Pick<TabelaFrete, 'elementosCusto' | 'percursos'>): string[] {
  return [...new Map(todosElementos(t).filter((e) => e.modalidade && !ehIndice(e.modalidade)).map((e) => [chaveDescricao(e.descricao), e.descricao.trim()])).values()];
}

/** Every cost element of a table: global, per route, per incidence. */
export function todosElementos(t: Pick<TabelaFrete, 'elementosCusto' | 'percursos'>): ElementoCusto[] {
  return [
    ...t.elementosCusto,
    ...t.percursos.flatMap((p) => [...p.elementosCusto, ...p.destinos.flatMap((d) => d.incidencias.flatMap((i) => i.elementosCusto))]),
  ];
}

function elementosDoNivel(elementos: readonly ElementoCusto[], indexaveis: readonly string[], onde: string): string[] {
  const m = elementos.flatMap((e) => validarElementoCusto(e, indexaveis).map((x) => `${onde ? `${onde}elemento` : 'Elemento'} "${e.descricao.trim() || '(sem descrição)'}": ${x}`));
  const chaves = elementos.map((e) => chaveDescricao(e.descricao)).filter(Boolean);
  if (new Set(chaves).size !== chaves.length) m.push(`${onde}${MSG_ELEMENTO_DESCRICAO_REPETIDA}`);
  return m;
}

/**
 * The whole table (spec 02 §5, all messages together). Nested messages name where they are, then the
 * rule's own text: `Percurso "SP → RJ", elemento "Frete peso": É necessário haver ao menos uma faixa de preço`.
 */
export function validarTabelaFrete(t: TabelaFrete): string[] {
  const m: string[] = [];
  if (!t.transportadora) m.push(MSG_TRANSPORTADORA);
  if (!t.inicio) m.push(MSG_INICIO_VIGENCIA);
  if (t.inicio && t.fim && t.fim < t.inicio) m.push(MSG_FIM_ANTES_INICIO);
  if (t.percursos.length === 0) m.push(MSG_AO_MENOS_UM_PERCURSO);
  const indexaveis = descricoesIndexaveis(t);
  m.push(...elementosDoNivel(t.elementosCusto, indexaveis, ''));
  t.percursos.forEach((p, i) => {
    const onde = `Percurso "${p.descricao.trim() || `nº ${i + 1}`}"`;
    m.push(...validarPercurso(p, t.percursos.filter((_, j) => j !== i)).map((x) => `${onde}: ${x}`));
    m.push(...p.origens.flatMap((o) => validarOrigem(o).map((x) => `${onde}: ${x}`)));
    p.destinos.forEach((d) => {
      m.push(...validarDestino(d).map((x) => `${onde}: ${x}`));
      d.incidencias.forEach((inc) => {
        const ondeInc = `${onde}, destino ${rotuloLocal(d)}, incidência`;
        m.push(...validarIncidencia(inc).map((x) => `${ondeInc}: ${x}`));
        m.push(...elementosDoNivel(inc.elementosCusto, indexaveis, `${ondeInc}, `));
      });
    });
    m.push(...elementosDoNivel(p.elementosCusto, indexaveis, `${onde}, `));
  });
  m.push(...conflitosPercursos(t.percursos));
  return [...new Set(m)];
}
