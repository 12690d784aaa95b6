import { ROTULO_MODALIDADE } from '../../../contracts/tabela-frete-tipos';
import type { Destino, ElementoCusto, Incidencia, Origem, Percurso, TabelaFrete } from '../../../contracts/tabela-frete-modelo';
import { decimalCsv } from '../../../domain/csv-excel';
import { chaveDescricao } from '../../../domain/frete/chave-descricao';
import { Dec } from '../../../domain/frete/decimal-exato';

// Issue 32, the dry run's "what would change": pt-BR lines between the version in force and the imported table
// ("Percurso SP-RJ, elemento Frete peso, faixa 2: valor 1,20 → 1,32."). Items are matched by what the user sees —
// routes and elements by description (case and accents aside), places by municipality or UF, incidences by their
// customers — never by the nested ids (a workbook carries none). The vigência (início, fim) is not a difference:
// a new version always starts later, and the summary states both dates.

/** Lines listed at most (resumo.alteracoes); totalAlteracoes counts them all. */
export const MAX_ALTERACOES = 200;

export interface Diferencas {
  alteracoes: string[];
  totalAlteracoes: number;
}

type Valor = string | number | null | undefined;

/** Two values the same: decimals by value ("1.2" = "1.20"), the rest as text. */
function iguais(a: Valor, b: Valor): boolean {
  if ((a ?? '') === (b ?? '')) return true;
  if (typeof a !== 'string' || typeof b !== 'string' || !/^-?\d+(\.\d+)?$/.test(a) || !/^-?\d+(\.\d+)?$/.test(b)) return false;
  return new Dec(a).eq(b);
}

const mostrar = (v: Valor): string => {
  if (v === null || v === undefined || v === '') return '(vazio)';
  return typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? decimalCsv(v) : String(v);
};
const lista = (vs: readonly string[]) => (vs.length ? [...vs].sort((a, b) => a.localeCompare(b, 'pt-BR')).join(', ') : '(nenhum)');

/** Collects lines; only the first MAX_ALTERACOES are kept as text. */
class Coletor {
  readonly linhas: string[] = [];
  total = 0;
  add(linha: string) {
    this.total++;
    if (this.linhas.length < MAX_ALTERACOES) this.linhas.push(linha);
  }
  campo(onde: string, nome: string, antes: Valor, depois: Valor) {
    if (!iguais(antes, depois)) this.add(`${onde}: ${nome} ${mostrar(antes)} → ${mostrar(depois)}.`);
  }
  conjunto(onde: string, nome: string, antes: readonly string[], depois: readonly string[]) {
    if (lista(antes) !== lista(depois)) this.add(`${onde}: ${nome} ${lista(antes)} → ${lista(depois)}.`);
  }
}

/**
 * Pairs two lists by a key; repeated keys pair in order (the second "SP-RJ" with the second). Returns the pairs,
 * then what only the old and only the new list have.
 */
function parear<T>(antes: readonly T[], depois: readonly T[], chave: (x: T) => string) {
  const porChave = new Map<string, T[]>();
  for (const a of antes) porChave.set(chave(a), [...(porChave.get(chave(a)) ?? []), a]);
  const pares: [T, T][] = [];
  const novos: T[] = [];
  for (const d of depois) {
    const fila = porChave.get(chave(d));
    const a = fila?.shift();
    if (a === undefined) novos.push(d);
    else pares.push([a, d]);
  }
  const removidos = [...porChave.values()].flat();
  return { pares, novos, removidos };
}

const rotuloLugar = (l: Origem) => (l.municipio ? `${l.municipio.nome}/${l.municipio.siglaUf}` : (l.uf?.sigla ?? '(vazio)'));
const rotuloElemento = (e: ElementoCusto) => `elemento ${e.descricao || '(sem descrição)'}`;
const rotuloIncidencia = (i: Incidencia) => `incidência ${lista(i.clientes.map((c) => c.cpfCnpjFormatado ?? c.nome))}`;

function faixas(c: Coletor, onde: string, antes: ElementoCusto['faixas'], depois: ElementoCusto['faixas']) {
  for (let i = 0; i < Math.max(antes.length, depois.length); i++) {
    const a = antes[i];
    const d = depois[i];
    const aqui = `${onde}, faixa ${i + 1}`;
    if (!a) c.add(`${aqui}: incluída (até ${mostrar(d.faixaLimite)}, valor ${mostrar(d.valor)}).`);
    else if (!d) c.add(`${aqui}: excluída.`);
    else {
      c.campo(aqui, 'limite superior', a.faixaLimite, d.faixaLimite);
      c.campo(aqui, 'valor', a.valor, d.valor);
    }
  }
}

function elemento(c: Coletor, onde: string, a: ElementoCusto, d: ElementoCusto) {
  c.campo(onde, 'modalidade', ROTULO_MODALIDADE[a.modalidade] ?? a.modalidade, ROTULO_MODALIDADE[d.modalidade] ?? d.modalidade);
  c.campo(onde, 'valor mínimo', a.valorMinimo, d.valorMinimo);
  c.campo(onde, 'valor limite', a.valorLimite, d.valorLimite);
  c.campo(onde, 'ação do limite', a.acoesLimite, d.acoesLimite);
  c.campo(onde, 'arredondamento', a.arredondamento, d.arredondamento);
  c.campo(onde, 'valor de arredondamento', a.valorArredondamento, d.valorArredondamento);
  c.campo(onde, 'modo de arredondamento', a.roundingMode, d.roundingMode);
  c.campo(onde, 'componente da faixa', a.faixaComponente, d.faixaComponente);
  c.campo(onde, 'entrega inicial', a.desdeEntrega, d.desdeEntrega);
  c.campo(onde, 'rateio de agrupamento', a.rateioAgrupamento, d.rateioAgrupamento);
  c.campo(onde, 'evento', a.evento, d.evento);
  c.campo(onde, 'percentual do frete', a.percentualFrete, d.percentualFrete);
  c.conjunto(onde, 'opções', a.flags, d.flags);
  c.conjunto(onde, 'tipos de veículo', a.tiposVeiculo.map((t) => t.descricao), d.tiposVeiculo.map((t) => t.descricao));
  c.conjunto(onde, 'elementos indexados', a.elementosIndexados, d.elementosIndexados);
  faixas(c, onde, a.faixas, d.faixas);
}

function elementos(c: Coletor, onde: string, antes: readonly ElementoCusto[], depois: readonly ElementoCusto[]) {
  const { pares, novos, removidos } = parear(antes, depois, (e) => chaveDescricao(e.descricao));
  const prefixo = onde ? `${onde}, ` : '';
  for (const [a, d] of pares) elemento(c, `${prefixo}${rotuloElemento(d)}`, a, d);
  for (const d of novos) c.add(`${prefixo}${rotuloElemento(d)}: incluído.`);
  for (const a of removidos) c.add(`${prefixo}${rotuloElemento(a)}: excluído.`);
}

function destinos(c: Coletor, onde: string, antes: readonly Destino[], depois: readonly Destino[]) {
  const { pares, novos, removidos } = parear(antes, depois, rotuloLugar);
  for (const d of novos) c.add(`${onde}: destino ${rotuloLugar(d)} incluído.`);
  for (const a of removidos) c.add(`${onde}: destino ${rotuloLugar(a)} excluído.`);
  for (const [a, d] of pares) {
    const aqui = `${onde}, destino ${rotuloLugar(d)}`;
    const chave = (i: Incidencia) => lista(i.clientes.map((x) => String(x.id)));
    const inc = parear(a.incidencias, d.incidencias, chave);
    for (const [ia, id] of inc.pares) elementos(c, `${aqui}, ${rotuloIncidencia(id)}`, ia.elementosCusto, id.elementosCusto);
    for (const i of inc.novos) c.add(`${aqui}, ${rotuloIncidencia(i)}: incluída.`);
    for (const i of inc.removidos) c.add(`${aqui}, ${rotuloIncidencia(i)}: excluída.`);
  }
}

function percurso(c: Coletor, a: Percurso, d: Percurso, onde: string) {
  c.campo(onde, 'valor mínimo', a.valorMinimo, d.valorMinimo);
  c.campo(onde, 'valor máximo', a.valorMaximo, d.valorMaximo);
  c.conjunto(onde, 'origens', a.origens.map(rotuloLugar), d.origens.map(rotuloLugar));
  destinos(c, onde, a.destinos, d.destinos);
  elementos(c, onde, a.elementosCusto, d.elementosCusto);
}

/** What differs from `anterior` in `nova` (a new table: nothing to compare, no lines). */
export function diferencasTabela(anterior: TabelaFrete | null, nova: TabelaFrete): Diferencas {
  if (!anterior) return { alteracoes: [], totalAlteracoes: 0 };
  const c = new Coletor();
  c.conjunto('Tabela', 'opções', anterior.flags, nova.flags);
  c.campo('Tabela', 'descrição do ICMS', anterior.descricaoIcms, nova.descricaoIcms);
  c.campo('Tabela', 'descrição do peso taxado', anterior.descricaoPesoTaxado, nova.descricaoPesoTaxado);
  elementos(c, 'Tabela', anterior.elementosCusto, nova.elementosCusto);
  const rotulo = (p: Percurso, i: number) => `Percurso ${p.descricao || `nº ${i + 1}`}`;
  const numerados = (ps: readonly Percurso[]) => ps.map((p, i) => ({ p, rotulo: rotulo(p, i) }));
  const { pares, novos, removidos } = parear(numerados(anterior.percursos), numerados(nova.percursos), (x) => (x.p.descricao ? chaveDescricao(x.p.descricao) : x.rotulo));
  for (const [a, d] of pares) percurso(c, a.p, d.p, d.rotulo);
  for (const d of novos) c.add(`${d.rotulo}: incluído.`);
  for (const a of removidos) c.add(`${a.rotulo}: excluído.`);
  return { alteracoes: c.linhas, totalAlteracoes: c.total };
}
