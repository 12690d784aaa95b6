import { fromPromise, setup } from 'xstate';
import { statusOf } from './call-failure';

/** Spec 01 §4/§9: the unavailable dialog retries the health check every 4000 ms. */
export const INTERVALO_TENTATIVA_MS = 4000;

export type UnavailableEvent =
  /** Any failed call other than the ones the screens handle themselves (spec 01 §8). */
  | { type: 'CALL_FAILED' };

/**
 * "Serviço Temporariamente Indisponível": opens on a failed call, pings every 4 s, and reloads the page
 * when the ping succeeds or answers 403. `ping` (GET /ping) and `recarregar` are provided by the web app.
 */
export const unavailableMachine = setup({
  types: { events: {} as UnavailableEvent },
  actors: {
    ping: fromPromise<void, void>(async () => {
      throw new Error('ping não foi fornecido');
    }),
  },
  actions: {
    recarregar: () => {},
  },
  delays: {
    intervaloTentativa: INTERVALO_TENTATIVA_MS,
  },
  guards: {
    proibido: ({ event }) => statusOf((event as { error?: unknown }).error) === 403,
  },
}).createMachine({
  id: 'unavailable',
  initial: 'closed',
  states: {
    closed: {
      on: { CALL_FAILED: 'open' },
    },
    open: {
      after: { intervaloTentativa: 'pinging' },
    },
    pinging: {
      invoke: {
        id: 'ping',
        src: 'ping',
        onDone: 'reloading',
        onError: [{ guard: 'proibido', target: 'reloading' }, { target: 'open' }],
      },
    },
    reloading: {
      type: 'final',
      entry: 'recarregar',
    },
  },
});
