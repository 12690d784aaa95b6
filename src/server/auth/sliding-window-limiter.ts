/** In-memory sliding window: counts events per key within the last `janelaMs`. One process, one memory. */
export class SlidingWindowLimiter {
  private readonly eventos = new Map<string, number[]>();

  constructor(
    readonly maximo: number,
    readonly janelaMs: number,
  ) {}

  private recentes(chave: string, agora: number): number[] {
    const lista = (this.eventos.get(chave) ?? []).filter((t) => t > agora - this.janelaMs);
    if (lista.length) this.eventos.set(chave, lista);
    else this.eventos.delete(chave);
    return lista;
  }

  /**
   * Check and count in one synchronous step, so parallel requests cannot all pass a check made before any of
   * them is counted: undefined when a slot was taken (at `agora`), else the milliseconds until one frees.
   */
  reservar(chave: string, agora: number): number | undefined {
    const lista = this.recentes(chave, agora);
    if (lista.length >= this.maximo) return Math.max(1, lista[0] + this.janelaMs - agora);
    lista.push(agora);
    this.eventos.set(chave, lista);
    // Bound the memory an attacker can make us hold with many keys.
    if (this.eventos.size > 50_000) this.podar(agora);
    return undefined;
  }

  /** Gives back the slot reserved at `instante` (a success, or an attempt that was never evaluated). */
  liberar(chave: string, instante: number): void {
    const lista = this.eventos.get(chave);
    const i = lista?.indexOf(instante) ?? -1;
    if (i < 0) return;
    lista!.splice(i, 1);
    if (!lista!.length) this.eventos.delete(chave);
  }

  limpar(chave: string): void {
    this.eventos.delete(chave);
  }

  private podar(agora: number): void {
    for (const chave of [...this.eventos.keys()]) this.recentes(chave, agora);
  }
}
