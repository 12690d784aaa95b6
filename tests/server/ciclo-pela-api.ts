import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { transition, type AnyStateMachine, type EventObject } from 'xstate';
import { expect } from 'vitest';
import { pathTitle } from '../machines/model-harness';

// A lifecycle machine walked through the real API (docs: the brief of the "lifecycles through the real API"
// part): each event of a model path is the call the screen makes, each step checks the stored status, and at
// each state every event the machine refuses answers 409 with the machine's message and changes nothing.

type Passo = { event: EventObject; state: { value: unknown } };
export type Caminho = { steps: Passo[] };

/** The model's event as a key: a transition is (state, event with its data). */
const chaveEvento = (e: EventObject) => JSON.stringify(e);

/**
 * Paths of `maquina` from its initial state that together take every transition of the model at least once:
 * the simple paths with the most new transitions first (greedy), then, for a transition back to a state
 * already on the way (no simple path has it), the shortest path to its source plus that step. Self-loops are
 * left to `andarPelaApi`, which takes them at the first visit of their state.
 */
export function caminhosQueCobremTudo(maquina: AnyStateMachine, eventos: readonly EventObject[]): Caminho[] {
  const simples = getSimplePaths(maquina, { events: eventos } as never) as unknown as Caminho[];
  const arestas = (c: Caminho) =>
    c.steps.slice(1).map((p, i) => `${JSON.stringify(c.steps[i].state.value)} ${chaveEvento(p.event)}`);
  const cobertas = new Set<string>();
  const escolhidos: Caminho[] = [];
  for (;;) {
    let melhor: Caminho | null = null;
    let ganho = 0;
    for (const c of simples) {
      const novas = new Set(arestas(c).filter((a) => !cobertas.has(a))).size;
      if (novas > ganho) [melhor, ganho] = [c, novas];
    }
    if (!melhor) break;
    for (const a of arestas(melhor)) cobertas.add(a);
    escolhidos.push(melhor);
  }
  const curtos = getShortestPaths(maquina, { events: eventos } as never) as unknown as Array<Caminho & { state: { value: unknown } }>;
  for (const ate of curtos) {
    const snapshot = maquina.resolveState({ value: ate.state.value } as never);
    for (const evento of eventos.filter((e) => snapshot.can(e))) {
      const destino = transition(maquina, snapshot, evento)[0].value;
      const chave = `${JSON.stringify(ate.state.value)} ${chaveEvento(evento)}`;
      if (destino === ate.state.value || cobertas.has(chave)) continue;
      cobertas.add(chave);
      const inicio = ate.steps.length ? ate.steps : [{ event: { type: 'xstate.init' }, state: ate.state }];
      escolhidos.push({ steps: [...inicio, { event: evento, state: { value: destino } }] });
    }
  }
  return escolhidos;
}

/** Every transition (state × event) the model takes, to assert the chosen paths cover them all. */
export function transicoesDoModelo(maquina: AnyStateMachine, estados: readonly string[], eventos: readonly EventObject[]): string[] {
  return estados.flatMap((s) =>
    eventos
      .filter((e) => maquina.resolveState({ value: s } as never).can(e))
      .map((e) => `${JSON.stringify(s)} ${chaveEvento(e)}`),
  );
}

/** The answer to a refused event: its 409 messages, another code with its messages, or null (skipped by a batch). */
export type Recusa = string[] | { codigo: number; mensagens: string[] } | { codigo: number; corpo: object } | null;

/** How one lifecycle reaches the server: `R` is the test's handle on one record (its id, version…). */
export interface CicloApi<S extends string, E extends EventObject, R> {
  maquina: AnyStateMachine;
  eventos: readonly E[];
  /** A new record in the machine's initial state (for NOVO: a handle with no stored record yet). */
  criar(): Promise<R>;
  /** The screen's call for `evento`; `ok` false when the model refuses it (then the answer must be 409). */
  enviar(registro: R, evento: E): Promise<Response>;
  /** The stored status (GET of the record, or the database). */
  status(registro: R): Promise<S>;
  /**
   * The 409 messages of an event `estado` refuses; null when the screen's call is a batch that skips the
   * record instead (it answers 2xx and the record keeps its status); `codigo` when a failed guard is
   * answered as bad data (400) rather than a conflict.
   */
  recusa(estado: S, evento: E, registro: R): Recusa | Promise<Recusa>;
  /**
   * The event the server reads the call of `evento` as, when the API cannot tell them apart (a save that
   * sends the status the record already has is a plain save): the refusal is then asked of that event.
   */
  comoServidorLe?(estado: S, evento: E): E;
}

/**
 * Walks `caminhos` through the API. Refusals are tried at the first visit of each state (each state once per
 * file: every state × refused event is still asked once), and after each the status must be unchanged.
 */
export function andarPelaApi<S extends string, E extends EventObject, R>(ciclo: CicloApi<S, E, R>) {
  const recusasFeitas = new Set<string>();
  const conferirRecusas = async (registro: R, estado: S) => {
    if (recusasFeitas.has(estado)) return;
    recusasFeitas.add(estado);
    const snapshot = ciclo.maquina.resolveState({ value: estado } as never);
    for (const pedido of ciclo.eventos.filter((e) => !snapshot.can(e))) {
      const evento = ciclo.comoServidorLe?.(estado, pedido) ?? pedido;
      if (snapshot.can(evento)) continue;
      const resposta = await ciclo.enviar(registro, evento);
      const corpo = (await resposta.json().catch(() => null)) as { mensagens?: unknown } | null;
      const titulo = `${estado} + ${JSON.stringify(evento)}`;
      const recusa = await ciclo.recusa(estado, evento, registro);
      if (recusa === null) expect(resposta.status, `${titulo} → ${JSON.stringify(corpo)}`).toBeLessThan(300);
      else {
        const { codigo, ...esperado } = Array.isArray(recusa) ? { codigo: 409, mensagens: recusa } : recusa;
        expect(resposta.status, `${titulo} → ${JSON.stringify(corpo)}`).toBe(codigo);
        if ('corpo' in esperado) expect(corpo, titulo).toMatchObject(esperado.corpo);
        else expect(corpo, titulo).toEqual({ mensagens: esperado.mensagens });
      }
      expect(await ciclo.status(registro), `${titulo}: nada muda`).toBe(estado);
    }
  };
  /** The transitions a simple path cannot take (back to the same state), taken at the first visit. */
  const lacosFeitos = new Set<string>();
  const tomarLacos = async (registro: R, estado: S) => {
    if (lacosFeitos.has(estado)) return;
    lacosFeitos.add(estado);
    const snapshot = ciclo.maquina.resolveState({ value: estado } as never);
    for (const evento of ciclo.eventos.filter((e) => snapshot.can(e))) {
      if (transition(ciclo.maquina, snapshot, evento)[0].value !== estado) continue;
      const resposta = await ciclo.enviar(registro, evento);
      const titulo = `${estado} + ${JSON.stringify(evento)} (laço)`;
      expect(resposta.status, `${titulo} → ${await resposta.clone().text()}`).toBeLessThan(300);
      expect(await ciclo.status(registro), titulo).toBe(estado);
      tomadas.add(`${JSON.stringify(estado)} ${chaveEvento(evento)}`);
    }
  };
  /** Every transition taken through the API, as transicoesDoModelo names them. */
  const tomadas = new Set<string>();
  return {
    recusasFeitas,
    tomadas,
    async andar(caminho: Caminho): Promise<void> {
      const registro = await ciclo.criar();
      let estado = caminho.steps[0].state.value as S;
      expect(await ciclo.status(registro)).toBe(estado);
      await tomarLacos(registro, estado);
      await conferirRecusas(registro, estado);
      for (const passo of caminho.steps.slice(1)) {
        const evento = passo.event as E;
        const anterior = estado;
        const resposta = await ciclo.enviar(registro, evento);
        const titulo = `${pathTitle(caminho as never)}: ${estado} + ${JSON.stringify(evento)}`;
        expect(resposta.status, `${titulo} → ${await resposta.clone().text()}`).toBeLessThan(300);
        estado = passo.state.value as S;
        expect(await ciclo.status(registro), titulo).toBe(estado);
        tomadas.add(`${JSON.stringify(anterior)} ${chaveEvento(evento)}`);
        await tomarLacos(registro, estado);
        await conferirRecusas(registro, estado);
      }
    },
  };
}
