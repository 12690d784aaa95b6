import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** Answers kept at most; past it the memory starts over (an id in the path makes a path of its own). */
const LEMBRADAS = 512;
/** Longer paths (none of the app's, but any client may send one) are matched every time, never kept. */
const CAMINHO_LEMBRADO = 200;

/**
 * Hono's default router (SmartRouter: RegExpRouter, else TrieRouter) that keeps its answer for each method and path
 * it has seen lately. The API's table (static paths beside /:id ones, like /api/ctes/exportar and /api/ctes/:id) is
 * one RegExpRouter refuses, so every request walked the trie of ~400 routes (about 0.8 µs; a kept answer is a
 * lookup; issue 33, docs/decisoes.md §42). Answers are read-only to Hono (RegExpRouter itself hands the same one
 * to every request of a static path); a route added clears them.
 */
export class RoteadorComMemoria<T> implements Router<T> {
  name = 'RoteadorComMemoria';
  readonly #roteador: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] });
  readonly #lembradas = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.#lembradas.clear();
    this.#roteador.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > CAMINHO_LEMBRADO) return this.#roteador.match(method, path);
    const chave = `${method} ${path}`;
    let resultado = this.#lembradas.get(chave);
    if (!resultado) {
      resultado = this.#roteador.match(method, path);
      if (this.#lembradas.size >= LEMBRADAS) this.#lembradas.clear();
      this.#lembradas.set(chave, resultado);
    }
    return resultado;
  }
}
