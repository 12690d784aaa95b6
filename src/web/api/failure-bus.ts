import { criarBus } from '../bus';

// Spec 01 §8: how a failed call reaches the user. The client publishes, src/web/app routes:
// mensagens → message-list popup, sessao-perdida (401) → session machine, sem-permissao (403) → message-list
// popup plus a quiet /eu check (docs/decisoes.md §7: no reload), indisponivel → unavailable machine.
export type Falha =
  | { tipo: 'mensagens'; mensagens: string[] }
  | { tipo: 'sessao-perdida'; status: number }
  | { tipo: 'sem-permissao'; mensagens: string[] }
  | { tipo: 'indisponivel' };

export const failureBus = criarBus<Falha>();
