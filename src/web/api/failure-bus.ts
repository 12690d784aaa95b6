// Spec 01 §8: how a failed call reaches the user. The client publishes, src/web/app routes:
// mensagens → message-list popup, sessao-perdida (401) → session machine, recarregar (403) → page reload,
// indisponivel → unavailable machine.
export type Falha =
  | { tipo: 'mensagens'; mensagens: string[] }
  | { tipo: 'sessao-perdida'; status: number }
  | { tipo: 'recarregar' }
  | { tipo: 'indisponivel' };

type Ouvinte = (falha: Falha) => void;
const ouvintes = new Set<Ouvinte>();

export const failureBus = {
  publicar(falha: Falha): void {
    for (const ouvinte of ouvintes) ouvinte(falha);
  },
  assinar(ouvinte: Ouvinte): () => void {
    ouvintes.add(ouvinte);
    return () => ouvintes.delete(ouvinte);
  },
};
