/** A tiny publish/subscribe channel between the API layer and the shell (failures, notices). */
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
