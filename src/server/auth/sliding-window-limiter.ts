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

  excedido(chave: string, agora: number): boolean {
    return this.recentes(chave, agora).length >= this.maximo;
  }

  registrar(chave: string, agora: number): void {
    const lista = this.recentes(chave, agora);
    lista.push(agora);
    this.eventos.set(chave, lista);
    // Bound the memory an attacker can make us hold with many keys.
    if (this.eventos.size > 50_000) this.podar(agora);
  }

  limpar(chave: string): void {
    this.eventos.delete(chave);
  }

  private podar(agora: number): void {
    for (const chave of [...this.eventos.keys()]) this.recentes(chave, agora);
  }
}
