import type { Amostra } from '../permissions-amostras/tipos';

// Hostile variants of one valid sample request (docs/decisoes.md §5): every path parameter, query value (and
// each right-hand side of `search`) and JSON leaf replaced, one at a time, by each hostile value.

/** A number written as is in the JSON text (JSON.stringify cannot: 1e309 parses as Infinity). */
export class NumeroCru {
  constructor(readonly texto: string) {}
}

/** Impossible dates (docs/decisoes.md §5: 2024-02-30 reached PostgreSQL); numbers beyond the columns, as text. */
const DATAS_HOSTIS = ['2024-02-30', '2024-13-45', '0000-00-00', '9999-99-99'];
const NUMEROS_EM_TEXTO = ['9'.repeat(40), '2147483648', '-1', '1e309'];
const OUTROS_TEXTOS = ['\u0000', 'a\u0000b', 'x'.repeat(10_000), "'; drop table x; --", '\uFFFF', '\uD800'];
export const TEXTOS_HOSTIS: readonly string[] = [...OUTROS_TEXTOS, ...DATAS_HOSTIS, ...NUMEROS_EM_TEXTO];

const NUMEROS_HOSTIS: readonly unknown[] = [2147483648, -1, new NumeroCru('1e309'), new NumeroCru('9'.repeat(40))];

/**
 * What replaces a JSON leaf, by the leaf's type (a bounded set: the valid ones run scrypt on the login and
 * user routes). A text gets the hostile texts and the wrong shapes, every impossible date only when it is a
 * date and every number-as-text only when it is a number; a number the numbers beyond the columns, their
 * texts and a NUL; an empty (null) leaf, usually an optional field, a sample of both.
 */
export function valoresHostis(folha: unknown): readonly unknown[] {
  if (typeof folha === 'string') {
    const datas = /^\d{4}-\d{2}-\d{2}$/.test(folha) ? DATAS_HOSTIS : DATAS_HOSTIS.slice(0, 1);
    const numeros = /^-?\d[\d.,]*$/.test(folha) ? NUMEROS_EM_TEXTO : NUMEROS_EM_TEXTO.slice(0, 1);
    return [...OUTROS_TEXTOS, ...datas, ...numeros, 2147483648, null, {}];
  }
  if (typeof folha === 'number') return [...NUMEROS_HOSTIS, '2147483648', '1e309', 'a\u0000b', '2024-02-30', null, []];
  return ['a\u0000b', '2024-02-30', '\uD800', '9'.repeat(40), ...NUMEROS_HOSTIS, {}];
}

/** Written raw in the URL, not percent-encoded by the test: NUL, broken escapes, a lone surrogate's bytes. */
const CRUS_NA_URL: readonly string[] = ['%00', 'a%00b', '%E0%A4%A', '%ED%A0%80', '%'];

/** A value for the URL: percent-encoded text, or raw. A lone surrogate cannot be encoded: its bytes go raw. */
type ValorUrl = { texto: string } | { cru: string };
const VALORES_URL: readonly ValorUrl[] = [
  ...TEXTOS_HOSTIS.map((texto) => (texto === '\uD800' ? { cru: '%ED%A0%80' } : { texto })),
  ...CRUS_NA_URL.map((cru) => ({ cru })),
];
const naUrl = (v: ValorUrl) => ('cru' in v ? v.cru : encodeURIComponent(v.texto));
const nome = (v: unknown) => {
  if (v instanceof NumeroCru) return v.texto.length > 20 ? `${v.texto.slice(0, 12)}…(${v.texto.length})` : v.texto;
  const texto = typeof v === 'object' && v !== null && 'cru' in v ? `cru:${String(v.cru)}` : JSON.stringify(typeof v === 'object' && v !== null && 'texto' in v ? v.texto : v);
  return texto.length > 40 ? `${texto.slice(0, 20)}…(${texto.length})` : texto;
};

export interface Variante {
  /** What was replaced and by what (for the failure report). */
  descricao: string;
  path: string;
  body?: unknown;
  empresa?: string;
}

/** JSON text of a body, NumeroCru written raw. */
export function jsonHostil(body: unknown): string {
  const crus: string[] = [];
  const texto = JSON.stringify(body, (_k, v: unknown) => (v instanceof NumeroCru ? `@@cru${crus.push(v.texto) - 1}@@` : v));
  return texto.replace(/"@@cru(\d+)@@"/g, (_m, i: string) => crus[Number(i)]);
}

/** Paths of the string, number and null leaves of a JSON value. */
function folhas(valor: unknown, caminho: (string | number)[] = []): (string | number)[][] {
  if (valor === null || typeof valor === 'string' || typeof valor === 'number') return [caminho];
  if (Array.isArray(valor)) return valor.flatMap((v, i) => folhas(v, [...caminho, i]));
  if (typeof valor === 'object') return Object.entries(valor).flatMap(([k, v]) => folhas(v, [...caminho, k]));
  return [];
}

const ler = (raiz: unknown, caminho: (string | number)[]) =>
  caminho.reduce<unknown>((alvo, parte) => (alvo as Record<string | number, unknown>)[parte], raiz);

function trocar(raiz: unknown, caminho: (string | number)[], novo: unknown): unknown {
  if (!caminho.length) return novo;
  const copia = structuredClone(raiz) as Record<string | number, unknown>;
  let alvo = copia;
  for (const parte of caminho.slice(0, -1)) alvo = alvo[parte] as Record<string | number, unknown>;
  alvo[caminho.at(-1)!] = novo;
  return copia;
}

function variantesDoCorpo(amostra: Amostra): Variante[] {
  if (amostra.body === undefined) return [];
  const { path, empresa, body } = amostra;
  const v = (descricao: string, novo: unknown): Variante => ({ descricao, path, empresa, body: novo });
  const porFolha = folhas(body).flatMap((caminho) =>
    valoresHostis(ler(body, caminho)).map((valor) => v(`corpo ${caminho.join('.') || '(raiz)'} = ${nome(valor)}`, trocar(body, caminho, valor))),
  );
  const chaveHostil = typeof body === 'object' && body !== null && !Array.isArray(body) ? [v('corpo com chave "a\\u0000b"', { ...body, 'a\u0000b': 1 })] : [];
  return [...porFolha, ...chaveHostil, ...[null, [], {}, 'a\u0000b'].map((raiz) => v(`corpo inteiro = ${nome(raiz)}`, raiz))];
}

/** The pathname's segments that are route parameters (":id" in the route → its index). */
function variantesDoCaminho(rota: string, amostra: Amostra, pathname: string, busca: string): Variante[] {
  const partesRota = rota.split('/');
  const partes = pathname.split('/');
  return partesRota.flatMap((parte, i) =>
    parte.startsWith(':')
      ? VALORES_URL.map((valor) => ({
          descricao: `parâmetro ${parte} = ${nome(valor)}`,
          path: [...partes.slice(0, i), naUrl(valor), ...partes.slice(i + 1)].join('/') + busca,
          body: amostra.body,
          empresa: amostra.empresa,
        }))
      : [],
  );
}

const TERMO = /^(\s*\(*\s*[A-Za-z_][\w.]*\s*(?:==|!=|=[A-Za-z]*=|<=|>=|<|>|~|:|!))(.*)$/;
const citar = (texto: string) => `"${texto.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/** Each right-hand side of a simple search ("a~x;b==y;c=in=(1,2)") replaced, quoted; raw URL values unquoted. */
function buscasHostis(search: string): { descricao: string; valor: string }[] {
  const termos = search.split(';');
  return termos.flatMap((termo, i) => {
    const m = TERMO.exec(termo);
    if (!m) return [];
    const lista = m[2].trim().startsWith('(');
    return VALORES_URL.map((valor) => {
      const rhs = 'cru' in valor ? valor.cru : encodeURIComponent(citar(valor.texto));
      const novo = `${encodeURIComponent(m[1])}${lista ? '%28' : ''}${rhs}${lista ? '%29' : ''}`;
      const antes = termos.slice(0, i).map((t) => `${encodeURIComponent(t)}%3B`).join('');
      const depois = termos.slice(i + 1).map((t) => `%3B${encodeURIComponent(t)}`).join('');
      return { descricao: `search ${m[1].trim()} ${nome(valor)}`, valor: antes + novo + depois };
    });
  });
}

function variantesDaConsulta(amostra: Amostra, pathname: string, busca: string): Variante[] {
  const pares = [...new URLSearchParams(busca)];
  const url = (trocados: [string, string][]) => `${pathname}?${trocados.map(([k, v]) => `${k}=${v}`).join('&')}`;
  const codificados = pares.map(([k, v]): [string, string] => [encodeURIComponent(k), encodeURIComponent(v)]);
  const com = (i: number, valor: string) => codificados.map((par, j): [string, string] => (j === i ? [par[0], valor] : par));
  const base = { body: amostra.body, empresa: amostra.empresa };
  const porValor = pares.flatMap(([k, v], i) => [
    ...VALORES_URL.map((valor) => ({ ...base, descricao: `consulta ${k} = ${nome(valor)}`, path: url(com(i, naUrl(valor))) })),
    ...(k === 'search' ? buscasHostis(v).map((b) => ({ ...base, descricao: b.descricao, path: url(com(i, b.valor)) })) : []),
  ]);
  const chaves = ['a%00b', '%E0%A4%A'].map((chave) => ({ ...base, descricao: `consulta com chave cru:${chave}`, path: url([...codificados, [chave, '1']]) }));
  return [...porValor, ...chaves];
}

/** Every hostile variant of a route's sample. */
export function variantesHostis(rota: string, amostra: Amostra): Variante[] {
  const [pathname, consulta] = amostra.path.split('?') as [string, string | undefined];
  const busca = consulta === undefined ? '' : `?${consulta}`;
  return [...variantesDoCaminho(rota, amostra, pathname, busca), ...variantesDaConsulta(amostra, pathname, consulta ?? ''), ...variantesDoCorpo(amostra)];
}
