import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MSG_LOGIN_FALHA, MSG_LOGIN_INVALIDO, MSG_LOGIN_MUITAS_TENTATIVAS, type UsuarioLogado } from '../../src/contracts/auth';
import { MSG_ERRO_CONEXAO, sessionMachine } from '../../machines/session';
import { pathTitle, runPath, ScriptedCalls, allStatePaths, flush, statePathsOf } from './model-harness';

const usuario: UsuarioLogado = {
  id: 1, login: 'admin', nome: 'Administrador', email: null, perfil: 'Administração', nivel: 'ADMIN',
  authorities: [], roles: [], settings: {}, mostrarChangelog: false, principal: 'admin', empresa: 'COLACRIL',
};

// One event per business case (style rule 7); the done/error events stand for the server's answers.
const events = [
  { type: 'LOGIN', login: 'admin', senha: 'x', empresa: 'COLACRIL' },
  { type: 'LOGOUT' },
  { type: 'SESSION_LOST' },
  { type: 'DISMISS_ERROR' },
  { type: 'xstate.done.actor.login' },
  { type: 'xstate.error.actor.login', error: { status: 401 } },
  { type: 'xstate.error.actor.login', error: { status: 500 } },
  { type: 'xstate.error.actor.login', error: {} },
  { type: 'xstate.done.actor.eu', output: usuario },
  { type: 'xstate.error.actor.eu', error: { status: 403 } },
  { type: 'xstate.error.actor.eu', error: { status: 502 } },
  { type: 'xstate.error.actor.eu', error: {} },
] as any[];

function runner(temToken: boolean) {
  const calls = new ScriptedCalls();
  let cleared = 0;
  const actor = createActor(
    sessionMachine.provide({
      actors: { entrar: calls.actor('login'), carregarUsuario: calls.actor('eu') },
      actions: { limparSessao: () => void cleared++ },
    }),
    { input: { temToken } },
  ).start();
  return { actor, calls, cleared: () => cleared };
}

for (const temToken of [false, true]) {
  describe(`session machine (token guardado: ${temToken})`, () => {
    const options = { events, input: { temToken } } as any;
    const paths = [...getShortestPaths(sessionMachine, options), ...getSimplePaths(sessionMachine, options)];

    it.each(paths.map((p) => [pathTitle(p as any), p] as const))('%s', async (_d, path) => {
      const sut = runner(temToken);
      await runPath(
        path as any,
        async (event) => {
          const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
          if (m) sut.calls.settle(m[2], event, m[1] === 'error');
          else sut.actor.send(event);
          await flush();
        },
        async (state) => {
          await flush();
          const real = sut.actor.getSnapshot();
          expect(real.value).toEqual(state.value);
          expect(real.context.erro).toEqual(state.context.erro);
          expect(real.context.falhaConexao).toEqual(state.context.falhaConexao);
          expect(real.context.usuario).toEqual(state.context.usuario);
        },
      );
    });

    it('reaches every state of the machine', () => {
      const reached = new Set(paths.flatMap((p) => p.steps.flatMap((s) => statePathsOf(s.state.value))));
      for (const s of statePathsOf(paths[0].steps[0]?.state.value ?? "starting")) reached.add(s);
      // "starting" is transient: it is left at once (always), so it is covered by the first step's origin.
      const expected = allStatePaths(sessionMachine).filter((s) => s !== 'starting' && (temToken || s !== 'checking'));
      for (const s of expected) expect(reached, s).toContain(s);
    });
  });
}

describe('session machine: spec 01 §8 messages and side effects', () => {
  it('401 on login shows the invalid-credentials message and keeps nothing', async () => {
    const sut = runner(false);
    sut.actor.send({ type: 'LOGIN', login: 'a', senha: 'b', empresa: 'RRE' });
    await flush();
    sut.calls.settle('login', { error: { status: 401 } }, true);
    await flush();
    expect(sut.actor.getSnapshot().context.erro).toBe(MSG_LOGIN_INVALIDO);
  });

  it('any other status on login shows the service-failure message', async () => {
    const sut = runner(false);
    sut.actor.send({ type: 'LOGIN', login: 'a', senha: 'b', empresa: 'COLACRIL' });
    await flush();
    sut.calls.settle('login', { error: { status: 503 } }, true);
    await flush();
    expect(sut.actor.getSnapshot().context.erro).toBe(MSG_LOGIN_FALHA);
  });

  it('429 (rate limit) says to wait', async () => {
    const sut = runner(false);
    sut.actor.send({ type: 'LOGIN', login: 'a', senha: 'b', empresa: 'COLACRIL' });
    await flush();
    sut.calls.settle('login', { error: { status: 429 } }, true);
    await flush();
    expect(sut.actor.getSnapshot().context.erro).toBe(MSG_LOGIN_MUITAS_TENTATIVAS);
  });

  it('a network failure on login opens the connection error, not a credential message', async () => {
    const sut = runner(false);
    sut.actor.send({ type: 'LOGIN', login: 'a', senha: 'b', empresa: 'COLACRIL' });
    await flush();
    sut.calls.settle('login', { error: new TypeError('fetch failed') }, true);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({ falhaConexao: true, erro: null });
    expect(MSG_ERRO_CONEXAO).toMatch(/conectar/);
  });

  it('/eu answering 403 at startup clears the stored session', async () => {
    const sut = runner(true);
    await flush();
    sut.calls.settle('eu', { error: { status: 403 } }, true);
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('anonymous');
    expect(sut.cleared()).toBe(1);
  });

  it('logout clears the stored session', async () => {
    const sut = runner(true);
    await flush();
    sut.calls.settle('eu', { output: usuario }, false);
    await flush();
    sut.actor.send({ type: 'LOGOUT' });
    expect(sut.actor.getSnapshot().value).toBe('anonymous');
    expect(sut.cleared()).toBe(1);
  });
});
