import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { INTERVALO_TENTATIVA_MS, unavailableMachine } from '../../machines/unavailable';
import { ManualClock, pathTitle, runPath, ScriptedCalls, allStatePaths, flush, statePathsOf } from './model-harness';

const AFTER = 'xstate.after.intervaloTentativa.unavailable.open';
const events = [
  { type: 'CALL_FAILED' },
  { type: AFTER },
  { type: 'xstate.done.actor.ping' },
  { type: 'xstate.error.actor.ping', error: { status: 403 } },
  { type: 'xstate.error.actor.ping', error: { status: 503 } },
  { type: 'xstate.error.actor.ping', error: {} },
] as any[];

function runner() {
  const calls = new ScriptedCalls();
  const clock = new ManualClock();
  let reloads = 0;
  const actor = createActor(
    unavailableMachine.provide({ actors: { ping: calls.actor('ping') }, actions: { recarregar: () => void reloads++ } }),
    { clock },
  ).start();
  return { actor, calls, clock, reloads: () => reloads };
}

describe('unavailable machine', () => {
  const paths = [
    ...getShortestPaths(unavailableMachine, { events } as any),
    ...getSimplePaths(unavailableMachine, { events } as any),
  ];

  it.each(paths.map((p) => [pathTitle(p as any), p] as const))('%s', async (_d, path) => {
    const sut = runner();
    await runPath(
      path as any,
      async (event) => {
        if (event.type === 'CALL_FAILED') sut.actor.send(event);
        else if (event.type === AFTER) {
          // Spec 01 §9: the retry interval is 4000 ms — nothing happens a millisecond earlier.
          sut.clock.advance(INTERVALO_TENTATIVA_MS - 1);
          expect(sut.actor.getSnapshot().value).toBe('open');
          sut.clock.advance(1);
        } else sut.calls.settle('ping', event, event.type.startsWith('xstate.error'));
        await flush();
      },
      async (state) => {
        await flush();
        expect(sut.actor.getSnapshot().value).toEqual(state.value);
        expect(sut.reloads()).toBe(state.value === 'reloading' ? 1 : 0);
      },
    );
  });

  it('reaches every state of the machine', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.flatMap((s) => statePathsOf(s.state.value))));
    reached.add('closed');
    for (const s of allStatePaths(unavailableMachine)) expect(reached, s).toContain(s);
  });

  it('keeps pinging every 4 s while the server is down, and pings once per interval', async () => {
    const sut = runner();
    sut.actor.send({ type: 'CALL_FAILED' });
    for (let i = 0; i < 3; i++) {
      sut.clock.advance(INTERVALO_TENTATIVA_MS);
      await flush();
      sut.calls.settle('ping', { error: { status: 503 } }, true);
      await flush();
    }
    expect(sut.calls.started).toEqual(['ping', 'ping', 'ping']);
    expect(sut.actor.getSnapshot().value).toBe('open');
  });
});
