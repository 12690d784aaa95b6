// Spec 01 §2: clicking a row label or a column header toggles the whole row or column:
// all marked → all unmarked; otherwise all marked.
export function alternarPermissoes(roles: ReadonlySet<string>, codigos: readonly string[]): Set<string> {
  const resultado = new Set(roles);
  const todos = codigos.length > 0 && codigos.every((c) => roles.has(c));
  for (const c of codigos) {
    if (todos) resultado.delete(c);
    else resultado.add(c);
  }
  return resultado;
}
