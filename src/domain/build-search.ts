// Spec 01 §7: search expressions like "descricao~{text};ativado:true", terms joined by ";".

/** "campo{operador}texto", or null when the text is blank. ";" would split the expression, so it is dropped. */
function termo(campo: string, operador: '~' | ':', texto: string | null | undefined): string | null {
  const limpo = (texto ?? '').replace(/;/g, ' ').trim();
  return limpo === '' ? null : `${campo}${operador}${limpo}`;
}

/** "campo~texto" (contains, case-insensitive), or null when the text is blank. ";" would split the expression, so it is dropped. */
export const contem = (campo: string, texto: string | null | undefined): string | null => termo(campo, '~', texto);

/** "campo:texto" (equals), or null when the text is blank; ";" is dropped as in `contem`. */
export const igual = (campo: string, texto: string | null | undefined): string | null => termo(campo, ':', texto);

/** Joins the present terms with ";"; undefined when none is left (the query builder then omits it). */
export function buildSearch(...termos: Array<string | null | undefined | false>): string | undefined {
  const presentes = termos.filter((t): t is string => typeof t === 'string' && t !== '');
  return presentes.length > 0 ? presentes.join(';') : undefined;
}
