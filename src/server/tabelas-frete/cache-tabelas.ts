import type { TabelaFrete } from '../../contracts/tabela-frete-modelo';

/** Bounded least-recently-used map: Map keeps insertion order, so a hit is re-inserted at the end. */
export class CacheTabelas {
  private readonly itens = new Map<string, TabelaFrete>();
  constructor(private readonly capacidade: number) {}

  get(chave: string): TabelaFrete | undefined {
    const valor = this.itens.get(chave);
    if (valor !== undefined) {
      this.itens.delete(chave);
      this.itens.set(chave, valor);
    }
    return valor;
  }

  set(chave: string, valor: TabelaFrete): void {
    this.itens.delete(chave);
    this.itens.set(chave, valor);
    for (const antiga of this.itens.keys()) {
      if (this.itens.size <= this.capacidade) break;
      this.itens.delete(antiga);
    }
  }

  /** Keys starting with `prefixo`, oldest first. */
  chaves(prefixo: string): string[] {
    return [...this.itens.keys()].filter((k) => k.startsWith(prefixo));
  }

  get tamanho(): number {
    return this.itens.size;
  }
}
