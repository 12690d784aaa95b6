// Spec 01 §7: the client sends RSQL (==, =ik=, =in= ...) and short forms: campo~texto (contains,
// case-insensitive), campo:valor (equals), campo!{1,2} or campo!1,2 (not in). Short forms are rewritten
// to RSQL with quoted values, so the one parser (@rsql/parser) sees a single grammar.

export class SearchSyntaxError extends Error {}

const SELETOR = /^[A-Za-z_][\w.]*/;
const OPERADOR_RSQL = /^(==|!=|=[A-Za-z]*=|<=|>=|<|>)/;
// A ';' or ',' separates terms only when a new "campo<operador>" follows; otherwise it belongs to the value.
const INICIO_TERMO = /^\s*\(*\s*[A-Za-z_][\w.]*\s*(==|!=|=[A-Za-z]*=|<=|>=|<|>|~|:|!)/;

const citar = (valor: string) => `"${valor.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

export function normalizeSearch(texto: string): string {
  let i = 0;
  let profundidade = 0;
  let saida = '';
  const s = texto;
  const erro = () => new SearchSyntaxError(texto);

  const pularEspacos = () => {
    while (i < s.length && /\s/.test(s[i])) i++;
  };

  /** Copies an RSQL value verbatim: a quoted string, a parenthesised list, or an unquoted word. */
  const copiarValorRsql = () => {
    const inicio = i;
    let aspas: string | null = null;
    let parenteses = 0;
    for (; i < s.length; i++) {
      const c = s[i];
      if (aspas) {
        if (c === '\\') i++;
        else if (c === aspas) aspas = null;
        continue;
      }
      if (c === '"' || c === "'") aspas = c;
      else if (c === '(') parenteses++;
      else if (c === ')') {
        if (parenteses === 0) break;
        parenteses--;
        if (parenteses === 0) {
          i++;
          break;
        }
      } else if (parenteses === 0 && (c === ';' || c === ',')) break;
    }
    if (aspas) throw erro();
    saida += s.slice(inicio, i);
  };

  /** A quoted short-form value ("..." or '...', backslash escapes), when it really is one. */
  const lerCitado = (): string | undefined => {
    const aspas = s[i];
    let valor = '';
    for (let j = i + 1; j < s.length; j++) {
      if (s[j] === '\\' && j + 1 < s.length) valor += s[++j];
      else if (s[j] !== aspas) valor += s[j];
      else if (/^\s*([;,)]|$)/.test(s.slice(j + 1))) {
        i = j + 1;
        return valor;
      } else return undefined;
    }
    return undefined;
  };

  /** Reads a short-form value up to the next real separator; a stray quote or brace is just text. */
  const lerValorCurto = (): string => {
    pularEspacos();
    if (s[i] === '"' || s[i] === "'") {
      const citado = lerCitado();
      if (citado !== undefined) return citado;
    }
    if (s[i] === '{') {
      const fim = s.indexOf('}', i);
      if (fim >= 0 && /^\s*([;,)]|$)/.test(s.slice(fim + 1))) {
        const valor = s.slice(i + 1, fim);
        i = fim + 1;
        return valor;
      }
    }
    const inicio = i;
    for (; i < s.length; i++) {
      const c = s[i];
      if ((c === ';' || c === ',') && INICIO_TERMO.test(s.slice(i + 1))) break;
      if (c === ')' && profundidade > 0 && /^\)*\s*([;,]|$)/.test(s.slice(i))) break;
    }
    return s.slice(inicio, i).trim();
  };

  for (;;) {
    pularEspacos();
    while (s[i] === '(') {
      saida += '(';
      profundidade++;
      i++;
      pularEspacos();
    }
    const seletor = SELETOR.exec(s.slice(i));
    if (!seletor) throw erro();
    saida += seletor[0];
    i += seletor[0].length;
    pularEspacos();
    const rsql = OPERADOR_RSQL.exec(s.slice(i));
    if (rsql) {
      saida += rsql[0];
      i += rsql[0].length;
      copiarValorRsql();
    } else if (s[i] === '~' || s[i] === ':') {
      const operador = s[i] === '~' ? '=ik=' : '==';
      i++;
      saida += operador + citar(lerValorCurto());
    } else if (s[i] === '!') {
      i++;
      const valores = lerValorCurto()
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      if (!valores.length) throw erro();
      saida += `=out=(${valores.map(citar).join(',')})`;
    } else throw erro();
    pularEspacos();
    while (s[i] === ')') {
      if (profundidade === 0) throw erro();
      saida += ')';
      profundidade--;
      i++;
      pularEspacos();
    }
    if (i >= s.length) break;
    if (s[i] !== ';' && s[i] !== ',') throw erro();
    saida += s[i];
    i++;
  }
  if (profundidade !== 0) throw erro();
  return saida;
}
