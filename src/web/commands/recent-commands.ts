// Recently run palette commands come first (kept in localStorage across sessions).
const CHAVE = 'frete.comandos-recentes';
const MAXIMO = 5;

export const recentCommands = {
  ler(): string[] {
    try {
      const v: unknown = JSON.parse(localStorage.getItem(CHAVE) ?? '[]');
      return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, MAXIMO) : [];
    } catch {
      return [];
    }
  },
  gravar(id: string): void {
    const lista = [id, ...recentCommands.ler().filter((x) => x !== id)].slice(0, MAXIMO);
    localStorage.setItem(CHAVE, JSON.stringify(lista));
  },
};
