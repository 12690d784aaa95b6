import { ESCOPO_RAIZ } from './command-registry';

export interface FocusLayer {
  id: string;
  /** Escape closes the layer; absent for layers Escape must not close (the unavailable dialog). */
  onEscape?: () => void;
}

/** Overlays push a layer when they open and pop it when they close; only the top gets the keys. */
export class FocusStack {
  private camadas: FocusLayer[] = [{ id: ESCOPO_RAIZ }];

  push(camada: FocusLayer): () => void {
    this.camadas.push(camada);
    return () => {
      const i = this.camadas.lastIndexOf(camada);
      if (i > 0) this.camadas.splice(i, 1);
    };
  }

  top(): FocusLayer {
    return this.camadas[this.camadas.length - 1];
  }

  depth(): number {
    return this.camadas.length - 1;
  }
}
