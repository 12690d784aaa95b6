import { transition, type AnyStateMachine, type EventObject } from 'xstate';

// The two questions every lifecycle machine answers for both sides (the dialog enables an action when its
// event is taken; the server refuses the same event with 409): may a record in `estado` take `evento`, and
// where does it go. Typed loosely here; each machine's module exports typed wrappers.

const snapshotEm = (maquina: AnyStateMachine, estado: string) => maquina.resolveState({ value: estado } as Parameters<AnyStateMachine['resolveState']>[0]);

/** Whether `estado` takes `evento` (guards see the event's data). */
export function podeEvento(maquina: AnyStateMachine, estado: string, evento: EventObject): boolean {
  return snapshotEm(maquina, estado).can(evento);
}

/** The state after `evento`, or null when `estado` does not take it. */
export function proximoEstado(maquina: AnyStateMachine, estado: string, evento: EventObject): string | null {
  const snapshot = snapshotEm(maquina, estado);
  if (!snapshot.can(evento)) return null;
  const [proximo] = transition(maquina, snapshot as never, evento);
  return (proximo as { value: string }).value;
}
