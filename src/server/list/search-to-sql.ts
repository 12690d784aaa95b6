import { parse } from '@rsql/parser';
import type { ComparisonNode, ExpressionNode } from '@rsql/ast';
import { and, eq, gt, gte, ilike, inArray, lt, lte, ne, not, notIlike, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ehDataIso, INTEIRO_MAXIMO } from '../../contracts/common';
import { badRequest } from '../http/api-error';
import { exigirTextoSeguro } from '../http/texto-seguro';
import { normalizeSearch } from './normalize-search';
import type { SearchField, SearchFields } from './search-fields';

const MAXIMO_TERMOS = 50;

export interface CompiledSearch {
  where?: SQL;
  /** Fields the search names, e.g. to know whether it already filters on ativado. */
  campos: Set<string>;
}

const invalida = (search: string) => badRequest(`Expressão de busca inválida: ${search.length > 200 ? `${search.slice(0, 200)}…` : search}`);

/** LIKE pattern: % and _ are literal; * is the RSQL wildcard. */
export const padraoLike = (valor: string) => valor.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');

/** A search value typed for its column; whatever the column could not take is a 400 here, not a 500 there. */
function converter(nome: string, campo: SearchField, valor: string): string | number | boolean {
  // The request's entry already refuses these (refuse-control-chars.ts); the parser stays safe on its own.
  exigirTextoSeguro(valor);
  switch (campo.type) {
    case 'boolean':
      if (/^(true|false)$/i.test(valor)) return valor.toLowerCase() === 'true';
      throw badRequest(`Valor inválido para o campo ${nome}: use true ou false.`);
    case 'integer': {
      const n = /^-?\d{1,10}$/.test(valor) ? Number(valor) : Number.NaN;
      if (Number.isSafeInteger(n) && Math.abs(n) <= INTEIRO_MAXIMO) return n;
      throw badRequest(`Valor inválido para o campo ${nome}: informe um número inteiro.`);
    }
    case 'decimal':
      if (/^-?\d{1,15}(\.\d{1,6})?$/.test(valor)) return valor;
      throw badRequest(`Valor inválido para o campo ${nome}: informe um número (ponto como separador decimal).`);
    case 'date':
      if (ehDataIso(valor)) return valor;
      throw badRequest(`Valor inválido para o campo ${nome}: informe uma data válida (AAAA-MM-DD).`);
    default:
      return valor;
  }
}

function comparacao(no: ComparisonNode, campos: SearchFields, usados: Set<string>): SQL {
  const nome = no.left.selector;
  const campo = Object.hasOwn(campos, nome) ? campos[nome] : undefined;
  if (!campo) throw badRequest(`Campo de busca desconhecido: ${nome}`);
  usados.add(nome);
  const op = no.operator.toLowerCase();
  // Typed as a column for drizzle's overloads; an SQL expression behaves the same at runtime.
  const col = campo.column as PgColumn;
  const bruto = no.right.value;
  const lista = Array.isArray(bruto) ? bruto : [bruto];
  const naoAplica = () => badRequest(`Operador ${no.operator} não se aplica ao campo ${nome}.`);

  if (op === '=in=' || op === '=out=') {
    if (lista.length > 300) throw badRequest(`A lista de valores do campo ${nome} é longa demais (máximo 300).`);
    const valores = lista.map((v) => converter(nome, campo, v));
    if (campo.type === 'text-array') {
      const arr = sql`array[${sql.join(valores.map((v) => sql`${v}`), sql`, `)}]::text[]`;
      return op === '=in=' ? sql`${col} && ${arr}` : not(sql`${col} && ${arr}`);
    }
    return op === '=in=' ? inArray(col, valores) : notInArray(col, valores);
  }
  if (Array.isArray(bruto)) throw badRequest(`O operador ${no.operator} aceita um único valor (campo ${nome}).`);
  const valor = converter(nome, campo, bruto);

  if (campo.type === 'text-array') {
    if (op === '==') return sql`${valor} = any(${col})`;
    if (op === '!=') return not(sql`${valor} = any(${col})`);
    throw naoAplica();
  }
  const texto = campo.type === 'text';
  switch (op) {
    case '==':
      // spec 01 §7: "descricao==*text*" is a wildcard search; case-insensitive like the screens expect.
      return texto && bruto.includes('*') ? ilike(col, padraoLike(bruto)) : eq(col, valor);
    case '!=':
      return texto && bruto.includes('*') ? notIlike(col, padraoLike(bruto)) : ne(col, valor);
    case '=ik=':
      if (!texto) throw naoAplica();
      return ilike(col, bruto.includes('*') ? padraoLike(bruto) : `%${padraoLike(bruto)}%`);
    case '<':
    case '=lt=':
      if (campo.type === 'boolean') throw naoAplica();
      return lt(col, valor);
    case '<=':
    case '=le=':
      if (campo.type === 'boolean') throw naoAplica();
      return lte(col, valor);
    case '>':
    case '=gt=':
      if (campo.type === 'boolean') throw naoAplica();
      return gt(col, valor);
    case '>=':
    case '=ge=':
      if (campo.type === 'boolean') throw naoAplica();
      return gte(col, valor);
    default:
      throw badRequest(`Operador de busca desconhecido: ${no.operator}`);
  }
}

/** RSQL or the spec's short forms → a parameterised condition over the allow-listed columns. */
export function searchToSql(search: string | undefined, campos: SearchFields): CompiledSearch {
  const usados = new Set<string>();
  if (!search?.trim()) return { campos: usados };
  let arvore: ExpressionNode;
  try {
    arvore = parse(normalizeSearch(search.trim()));
  } catch {
    // Both the short-form normaliser and @rsql/parser report syntax only; their text is English.
    throw invalida(search);
  }
  let termos = 0;
  const visitar = (no: ExpressionNode): SQL => {
    if (no.type === 'COMPARISON') {
      if (++termos > MAXIMO_TERMOS) throw badRequest(`A expressão de busca tem termos demais (máximo ${MAXIMO_TERMOS}).`);
      return comparacao(no, campos, usados);
    }
    const esquerda = visitar(no.left);
    const direita = visitar(no.right);
    const e = no.operator === ';' || no.operator.toLowerCase() === 'and';
    return (e ? and(esquerda, direita) : or(esquerda, direita))!;
  };
  return { where: visitar(arvore), campos: usados };
}
