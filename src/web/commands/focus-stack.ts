import { ESCOPO_RAIZ } from './command-registry';

export interface FocusLayer {
  id: string;
  /** Escape closes the layer; absent for layers Escape must not close (the unavailable dialog). */
  onEscape?: () => void;
}

type Ouvinte = () => void;

/** Overlays push a layer when they open and pop it when they close; only the top gets the keys. */
export class FocusStack {
  private camadas: FocusLayer[] = [{ id: ESCOPO_RAIZ }];
  private ouvintes = new Set<Ouvinte>();

  push(camada: FocusLayer): () => void {
    this.camadas.push(camada);
    this.mudou();
    return () => {
      const i = this.camadas.lastIndexOf(camada);
      if (i <= 0) return;
      this.camadas.splice(i, 1);
      this.mudou();
    };
  }

  top(): FocusLayer {
    return this.camadas[this.camadas.length - 1];
  }

  depth(): number {
    return this.camadas.length - 1;
  }

  /** For useSyncExternalStore: the hotkey layer re-binds when the top layer changes. */
  subscribe = (ouvinte: Ouvinte): (() => void) => {
    this.ouvintes.add(ouvinte);
    return () => this.ouvintes.delete(ouvinte);
  };

  getSnapshot = (): FocusLayer => this.top();

  private mudou(): void {
    this.ouvintes.forEach((o) => o());
  }
}
