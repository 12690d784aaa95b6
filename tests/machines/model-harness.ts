import type { AnyStateMachine, EventObject } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { expect } from 'vitest';

/** A promise the test settles when the model path says the invoked call answered. */
interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Backs the machine's promise actors with calls the test settles by hand, so the real actor (the system
 * under test) walks the same path as the model: `xstate.done.actor.<id>` resolves the pending call,
 * `xstate.error.actor.<id>` rejects it with the event's error.
 */
export class ScriptedCalls {
  private pending = new Map<string, Pending>();
  readonly started: string[] = [];

  actor(src: string) {
    return fromPromise<any, any>(
      () =>
        new Promise((resolve, reject) => {
          this.started.push(src);
          this.pending.set(src, { resolve, reject });
        }),
    );
  }

  settle(src: string, outcome: { output?: unknown; error?: unknown }, isError: boolean): void {
    const call = this.pending.get(src);
    if (!call) throw new Error(`nenhuma chamada pendente de ${src}`);
    this.pending.delete(src);
    if (isError) call.reject(outcome.error);
    else call.resolve(outcome.output);
  }
}

/** A clock the test moves forward by hand: delayed transitions fire only when told to. */
export class ManualClock {
  private now = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  private nextId = 1;
  setTimeout = (fn: (...args: unknown[]) => void, ms: number): number => {
    const id = this.nextId++;
    this.timers.set(id, { at: this.now + ms, fn });
    return id;
  };
  clearTimeout = (id: unknown): void => {
    this.timers.delete(id as number);
  };
  advance(ms: number): void {
    this.now += ms;
    for (const [id, t] of [...this.timers].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at <= this.now) {
        this.timers.delete(id);
        t.fn();
      }
    }
  }
}

export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Every state node path of a machine, as dotted strings ("a.b"), for the "every state reached" test. */
export function allStatePaths(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: { states: Record<string, any> }, prefix: string[]) => {
    for (const [key, child] of Object.entries(node.states)) {
      const path = [...prefix, key];
      out.push(path.join('.'));
      walk(child, path);
    }
  };
  walk(machine.root as any, []);
  return out;
}

export function statePathsOf(value: unknown, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => [
    [...prefix, k].join('.'),
    ...statePathsOf(v, [...prefix, k]),
  ]);
}

export const describeEvent = (e: EventObject) => e.type.replace(/^xstate\./, '');

type Path = { steps: Array<{ event: EventObject; state: { value: unknown; context: any } }> };

/** Human name of a path: the events it takes, for it.each titles. */
export const pathTitle = (path: Path): string =>
  path.steps.map((s) => describeEvent(s.event)).join(' → ') + ` ⇒ ${JSON.stringify(path.steps.at(-1)?.state.value)}`;

/**
 * Walks a model path on the real actor: each step's event is executed by `exec`, then `check` compares
 * the real actor with the model's state after that step. @xstate/graph's TestModel refuses machines
 * with invocations and delays, so the paths come from getShortestPaths/getSimplePaths and run here.
 */
export async function runPath(
  path: Path,
  exec: (event: any) => Promise<void>,
  check: (state: { value: unknown; context: any }) => Promise<void> | void,
): Promise<void> {
  await check(path.steps[0].state);
  for (const step of path.steps.slice(1)) {
    await exec(step.event);
    await check(step.state);
  }
}

/**
 * A lifecycle machine (flat states, the stored status as the state) against an oracle written from the spec:
 * `caminhar` walks one model path on the real actor, each step where the oracle says;
 * `conferirTudo` tries every state × event, the machine's helper (`proximo`) and the actor agreeing with the
 * oracle, an illegal event leaving the state as it was.
 */
export function oraculoDeCiclo<S extends string, E extends EventObject>(maquina: AnyStateMachine, inicial: S, esperado: (s: S, e: E) => S | null) {
  return {
    caminhar(caminho: Path): void {
      const ator = createActor(maquina).start();
      let estado = inicial;
      for (const passo of caminho.steps) {
        const evento = passo.event as E;
        if (evento.type.startsWith('xstate.')) continue;
        const previsto = esperado(estado, evento);
        expect(previsto, `${estado} + ${JSON.stringify(evento)}`).not.toBeNull();
        ator.send(evento);
        estado = ator.getSnapshot().value as S;
        expect(estado).toBe(previsto);
      }
    },
    conferirTudo(estados: readonly S[], eventos: readonly E[], proximo: (s: S, e: E) => S | null): void {
      for (const estado of estados)
        for (const evento of eventos) {
          const previsto = esperado(estado, evento);
          expect(proximo(estado, evento), `${estado} + ${JSON.stringify(evento)}`).toBe(previsto);
          const ator = createActor(maquina, { snapshot: maquina.resolveState({ value: estado as string } as Parameters<AnyStateMachine["resolveState"]>[0]) }).start();
          ator.send(evento);
          expect(ator.getSnapshot().value, `${estado} + ${JSON.stringify(evento)} no ator`).toBe(previsto ?? estado);
        }
    },
  };
}
