/** A tiny publish/subscribe channel: API layer → shell (failures, notices), a feature → a dialog the shell hosts (openers). */
export function criarBus<T>() {
  const ouvintes = new Set<(item: T) => void>();
  return {
    publicar(item: T): void {
      for (const ouvinte of ouvintes) ouvinte(item);
    },
    assinar(ouvinte: (item: T) => void): () => void {
      ouvintes.add(ouvinte);
      return () => ouvintes.delete(ouvinte);
    },
  };
}
