// Spec 02 §4 (and the minuta's sub-tables, spec 03 §2.5): sub-dialogs edit a local copy; on save it is
// merged into the parent: an existing item is replaced, a new one goes on top. Items need a key before
// the server gives them an id: a symbol property, which object spreads carry along while JSON and the zod
// save schema leave it out.

const CHAVE = Symbol('chave-local');
type ComChave = { [CHAVE]?: string; id?: number };
let sequencia = 0;

/** The item's client key: stable across edits (spreads copy it), assigned on first sight. */
export function chaveLocal(item: object): string {
  const c = item as ComChave;
  c[CHAVE] ??= typeof c.id === 'number' ? `i${c.id}` : `n${++sequencia}`;
  return c[CHAVE];
}

/** A new key, for a copy that must not replace its original. */
export function novaChave<T extends object>(item: T): T {
  return { ...item, [CHAVE]: `n${++sequencia}` };
}

/** Replaces the item with the same key, or puts it on top. */
export function mesclar<T extends object>(lista: readonly T[], item: T): T[] {
  const chave = chaveLocal(item);
  const i = lista.findIndex((x) => chaveLocal(x) === chave);
  return i >= 0 ? lista.map((x, j) => (j === i ? item : x)) : [item, ...lista];
}

export function remover<T extends object>(lista: readonly T[], item: T): T[] {
  const chave = chaveLocal(item);
  return lista.filter((x) => chaveLocal(x) !== chave);
}

/** The list without the item (the others a description must differ from). */
export const outros = remover;

/** Whether the list already holds this item (edit) or not (new). */
export const contem = <T extends object>(lista: readonly T[], item: T) => lista.some((x) => chaveLocal(x) === chaveLocal(item));
