import { assign, fromPromise, setup } from 'xstate';
import type { UsuarioLogado } from '../src/contracts/auth';
import { MSG_LOGIN_FALHA, MSG_LOGIN_INVALIDO, MSG_LOGIN_MUITAS_TENTATIVAS } from '../src/contracts/mensagens-login';
import type { Empresa } from '../src/contracts/common';
import { statusOf } from './call-failure';

export const MSG_ERRO_CONEXAO = 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';

export interface SessionContext {
  temToken: boolean;
  usuario: UsuarioLogado | null;
  /** Message of the last login failure (spec 01 §8), shown on the login screen. */
  erro: string | null;
  /** Network failure on login or /eu: the screen shows the connection error dialog. */
  falhaConexao: boolean;
}

export type SessionEvent =
  | { type: 'LOGIN'; login: string; senha: string; empresa: Empresa }
  | { type: 'LOGOUT' }
  /** A later identity call answered 403 (or 401): the stored session is gone. */
  | { type: 'SESSION_LOST' }
  | { type: 'DISMISS_ERROR' };

export interface SessionInput {
  /** A token is stored: check it with /eu before showing anything. */
  temToken: boolean;
}

export type Credenciais = { login: string; senha: string; empresa: Empresa };

/**
 * Spec 01 §8: 401/403 on login is a wrong user or password; any other status a service failure. 429 (our
 * login rate limit, which the spec does not know) says why, or the user would retry into the lock.
 */
export function mensagemFalhaLogin(error: unknown): string {
  const status = statusOf(error);
  if (status === undefined) return MSG_ERRO_CONEXAO;
  if (status === 429) return MSG_LOGIN_MUITAS_TENTATIVAS;
  return status === 401 || status === 403 ? MSG_LOGIN_INVALIDO : MSG_LOGIN_FALHA;
}

/**
 * The session lifecycle. Pure: `entrar` (POST /login, stores the token) and `carregarUsuario` (GET /eu)
 * are provided by the web app; `limparSessao` removes the stored token.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    entrar: fromPromise<void, Credenciais>(async () => {
      throw new Error('entrar não foi fornecido');
    }),
    carregarUsuario: fromPromise<UsuarioLogado, void>(async () => {
      throw new Error('carregarUsuario não foi fornecido');
    }),
  },
  actions: {
    limparSessao: () => {},
  },
  guards: {
    temToken: ({ context }) => context.temToken,
    semAutorizacao: ({ event }) => {
      const status = statusOf((event as { error?: unknown }).error);
      return status === 401 || status === 403;
    },
    falhaDeRede: ({ event }) => statusOf((event as { error?: unknown }).error) === undefined,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ temToken: input.temToken, usuario: null, erro: null, falhaConexao: false }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'temToken', target: 'checking' }, { target: 'anonymous' }],
    },
    checking: {
      invoke: {
        id: 'eu',
        src: 'carregarUsuario',
        onDone: { target: 'identified', actions: assign({ usuario: ({ event }) => event.output }) },
        onError: [
          { guard: 'semAutorizacao', target: 'anonymous', actions: 'limparSessao' },
          { guard: 'falhaDeRede', target: 'anonymous', actions: assign({ falhaConexao: true }) },
          { target: 'anonymous' },
        ],
      },
    },
    anonymous: {
      on: {
        LOGIN: { target: 'loggingIn', actions: assign({ erro: null, falhaConexao: false }) },
        DISMISS_ERROR: { actions: assign({ erro: null, falhaConexao: false }) },
      },
    },
    loggingIn: {
      invoke: {
        id: 'login',
        src: 'entrar',
        input: ({ event }) => {
          const e = event as Extract<SessionEvent, { type: 'LOGIN' }>;
          return { login: e.login, senha: e.senha, empresa: e.empresa };
        },
        onDone: 'loadingUser',
        onError: [
          { guard: 'falhaDeRede', target: 'anonymous', actions: assign({ falhaConexao: true }) },
          { target: 'anonymous', actions: assign({ erro: ({ event }) => mensagemFalhaLogin(event.error) }) },
        ],
      },
    },
    loadingUser: {
      invoke: {
        id: 'eu',
        src: 'carregarUsuario',
        onDone: { target: 'identified', actions: assign({ usuario: ({ event }) => event.output }) },
        onError: [
          { guard: 'semAutorizacao', target: 'anonymous', actions: ['limparSessao', assign({ erro: MSG_LOGIN_INVALIDO })] },
          { guard: 'falhaDeRede', target: 'anonymous', actions: ['limparSessao', assign({ falhaConexao: true })] },
          { target: 'anonymous', actions: ['limparSessao', assign({ erro: MSG_LOGIN_FALHA })] },
        ],
      },
    },
    identified: {
      on: {
        LOGOUT: { target: 'anonymous', actions: ['limparSessao', assign({ usuario: null, temToken: false })] },
        SESSION_LOST: { target: 'anonymous', actions: ['limparSessao', assign({ usuario: null, temToken: false })] },
      },
    },
  },
});
