interface Estado {
  tentativas: number;
  ultima: number;
  /** Before this instant a further attempt is answered 429 (unless exempt). */
  liberadaEm: number;
}

/**
 * Per account, across addresses (OWASP ASVS V6: slow the account, do not lock it): every attempt counts when it
 * starts (so parallel ones count too) and a success forgets them. From the `limiar`-th attempt on, the next one
 * must wait min(2^(n − limiar) s, maximoMs) after it: 1 s, 2 s, 4 s, … 30 s. Attempts are forgotten `janelaMs`
 * after the last one.
 */
export class ProgressiveDelay {
  private readonly estados = new Map<string, Estado>();

  constructor(
    readonly limiar: number,
    readonly maximoMs: number,
    readonly janelaMs: number,
  ) {}

  private estado(chave: string, agora: number): Estado {
    const atual = this.estados.get(chave);
    if (atual && agora - atual.ultima <= this.janelaMs) return atual;
    const novo = { tentativas: 0, ultima: agora, liberadaEm: 0 };
    this.estados.set(chave, novo);
    if (this.estados.size > 50_000) this.podar(agora);
    return novo;
  }

  /**
   * Counts an attempt: undefined when it may go on, else the milliseconds left of the delay (nothing counted).
   * `isento`: an address where the account logged in before is never held back, only counted.
   */
  reservar(chave: string, agora: number, isento: boolean): number | undefined {
    const e = this.estado(chave, agora);
    if (!isento && agora < e.liberadaEm) return e.liberadaEm - agora;
    e.tentativas++;
    e.ultima = agora;
    if (e.tentativas >= this.limiar) {
      const atraso = Math.min(1000 * 2 ** Math.min(e.tentativas - this.limiar, 30), this.maximoMs);
      e.liberadaEm = Math.max(e.liberadaEm, agora + atraso);
    }
    return undefined;
  }

  limpar(chave: string): void {
    this.estados.delete(chave);
  }

  private podar(agora: number): void {
    for (const [chave, e] of this.estados) if (agora - e.ultima > this.janelaMs) this.estados.delete(chave);
  }
}
