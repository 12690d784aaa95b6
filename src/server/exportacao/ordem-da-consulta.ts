import { Column, is, SQL, StringChunk, Table } from 'drizzle-orm';

// Issue 33: the PGlite path of an export reads the very query the cursor would read in short statements. The callers
// hand over one SELECT ending in its ORDER BY (ctes, faturas, minutas: `select … from … where … order by a, b, id`);
// this splits it, on drizzle's own chunks (never on rendered text, so parameters stay parameters), into the
// SELECT without its ORDER BY and the ORDER BY's terms, each an expression, a direction and the place of NULL.

type Pedaco = SQL['queryChunks'][number];

export type Direcao = 'asc' | 'desc';

/** One ORDER BY term; `nulosAntes`: NULL comes before every value in this term's order. */
export interface TermoConsulta {
  expr: SQL;
  direcao: Direcao;
  nulosAntes: boolean;
}

export interface ConsultaPartida {
  /** The select list's start: `select ` removed, so more columns can be put first. */
  resto: SQL;
  termos: TermoConsulta[];
}

const texto = (p: Pedaco): string | undefined => (is(p, StringChunk) ? p.value.join('') : undefined);

/** The chunks of nested SQL one after the other, adjacent texts merged (rendering concatenates them the same way). */
function achatar(consulta: SQL): Pedaco[] {
  const saida: Pedaco[] = [];
  const visitar = (s: SQL) => {
    for (const p of s.queryChunks) {
      if (is(p, SQL)) visitar(p);
      else {
        const t = texto(p);
        const anterior = saida.length ? texto(saida[saida.length - 1]) : undefined;
        if (t !== undefined && anterior !== undefined) saida[saida.length - 1] = new StringChunk(anterior + t);
        else saida.push(p);
      }
    }
  };
  visitar(consulta);
  return saida;
}

/** Positions (chunk, character) in the texts at parenthesis depth 0, outside quotes, where `alvo` matches. */
function* nivelZero(pedacos: Pedaco[]): Generator<{ i: number; j: number; resto: string }> {
  let profundidade = 0;
  let aspas: string | null = null;
  for (let i = 0; i < pedacos.length; i++) {
    const t = texto(pedacos[i]);
    if (t === undefined) continue;
    for (let j = 0; j < t.length; j++) {
      const c = t[j];
      if (aspas) {
        if (c === aspas) aspas = null;
      } else if (c === "'" || c === '"') aspas = c;
      else if (c === '(') profundidade++;
      else if (c === ')') profundidade--;
      else if (profundidade === 0) yield { i, j, resto: t.slice(j) };
    }
  }
}

/** Splits at (i, j): the chunks before and after, the text chunk cut in two and `pular` characters dropped. */
function cortar(pedacos: Pedaco[], i: number, j: number, pular: number): [Pedaco[], Pedaco[]] {
  const t = texto(pedacos[i])!;
  return [
    [...pedacos.slice(0, i), new StringChunk(t.slice(0, j))],
    [new StringChunk(t.slice(j + pular)), ...pedacos.slice(i + 1)],
  ];
}

const SUFIXO = /(^|\s)(?:(asc|desc)(?:\s+nulls\s+(first|last))?|nulls\s+(first|last))\s*$/i;

function termo(pedacos: Pedaco[]): TermoConsulta | undefined {
  const ultimo = pedacos.length ? texto(pedacos[pedacos.length - 1]) : undefined;
  const m = ultimo === undefined ? null : SUFIXO.exec(ultimo);
  const direcao = (m?.[2]?.toLowerCase() ?? 'asc') as Direcao;
  const nulos = (m?.[3] ?? m?.[4])?.toLowerCase();
  const expr = m ? [...pedacos.slice(0, -1), new StringChunk(ultimo!.slice(0, m.index + m[1].length))] : pedacos;
  if (!expr.some((p) => (texto(p) ?? 'x').trim() !== '')) return undefined;
  // PostgreSQL's default: NULL is larger than any value (last ascending, first descending).
  return { expr: new SQL(expr), direcao, nulosAntes: nulos ? nulos === 'first' : direcao === 'desc' };
}

/**
 * The SELECT's parts, or undefined when it is not of the expected shape (a plain `select …` of our tables whose
 * last top-level clause is its ORDER BY): the caller then keeps the cursor. A query naming no table or column of
 * the schema (a set-returning function) has no index to start a page from: every page would compute it all again.
 */
export function partirConsulta(consulta: SQL): ConsultaPartida | undefined {
  const pedacos = achatar(consulta);
  if (!pedacos.some((p) => is(p, Table) || is(p, Column))) return undefined;
  const inicio = texto(pedacos[0] ?? new StringChunk(''));
  const select = inicio === undefined ? null : /^\s*select\s+/i.exec(inicio);
  if (!select || /^\s*select\s+distinct\b/i.test(inicio!)) return undefined;
  let ordem: { i: number; j: number } | undefined;
  for (const p of nivelZero(pedacos)) {
    if (p.j > 0 && !/\s/.test(texto(pedacos[p.i])![p.j - 1])) continue;
    if (/^order\s+by\s/i.test(p.resto)) ordem = p;
    // A LIMIT, OFFSET, FOR UPDATE… after it: not a shape this reads.
    else if (ordem && /^(limit|offset|for|fetch)\s/i.test(p.resto)) return undefined;
  }
  if (!ordem) return undefined;
  const tamanho = /^order\s+by\s/i.exec(texto(pedacos[ordem.i])!.slice(ordem.j))![0].length;
  const [antes, depois] = cortar(pedacos, ordem.i, ordem.j, tamanho);
  const termos: TermoConsulta[] = [];
  let atual = depois;
  for (;;) {
    const virgula = [...nivelZero(atual)].find((p) => p.resto.startsWith(','));
    const [t, resto] = virgula ? cortar(atual, virgula.i, virgula.j, 1) : [atual, []];
    const lido = termo(t);
    if (!lido) return undefined;
    termos.push(lido);
    if (!virgula) break;
    atual = resto;
  }
  const semSelect = [new StringChunk(texto(antes[0])!.slice(select[0].length)), ...antes.slice(1)];
  return { resto: new SQL(semSelect), termos };
}
