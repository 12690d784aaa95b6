// Recently run palette commands come first: kept in localStorage across sessions, per company and user
// (two people sharing a browser do not see each other's).
const PREFIXO = 'frete.comandos-recentes';
const MAXIMO = 5;

export interface DonoRecentes {
  empresa: string;
  login: string;
}

const chave = (dono: DonoRecentes) => `${PREFIXO}:${dono.empresa}:${dono.login}`;

export const recentCommands = {
  ler(dono: DonoRecentes): string[] {
    try {
      const v: unknown = JSON.parse(localStorage.getItem(chave(dono)) ?? '[]');
      return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, MAXIMO) : [];
    } catch {
      return [];
    }
  },
  gravar(dono: DonoRecentes, id: string): void {
    const lista = [id, ...recentCommands.ler(dono).filter((x) => x !== id)].slice(0, MAXIMO);
    localStorage.setItem(chave(dono), JSON.stringify(lista));
  },
};
