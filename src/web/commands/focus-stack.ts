import { ESCOPO_RAIZ } from './command-registry';

export interface FocusLayer {
  id: string;
  /** Escape closes the layer; absent for layers Escape must not close (the unavailable dialog). */
  onEscape?: () => void;
  /** The layer's element (a dialog's content). The root layer is the page outside every other layer. */
  container?: () => HTMLElement | null;
  /** Unsaved changes in the layer: leaving (logging out) asks first. */
  sujo?: () => boolean;
}

interface Entrada {
  camada: FocusLayer;
  /** Where the focus was last inside this layer: where it returns when the layer above closes. */
  ultimoFoco: HTMLElement | null;
}

type Ouvinte = () => void;
type AoSair = (saiu: FocusLayer, novoTopo: FocusLayer) => void;

/**
 * Overlays push a layer when they open and pop it when they close; only the top gets the keys. Each layer
 * remembers its last focused element, so closing the layer above gives the focus back where the user was.
 */
export class FocusStack {
  private entradas: Entrada[] = [{ camada: { id: ESCOPO_RAIZ }, ultimoFoco: null }];
  private ouvintes = new Set<Ouvinte>();
  private aoSair = new Set<AoSair>();

  push(camada: FocusLayer): () => void {
    const entrada: Entrada = { camada, ultimoFoco: null };
    this.entradas.push(entrada);
    this.mudou();
    return () => {
      const i = this.entradas.indexOf(entrada);
      if (i <= 0) return;
      const eraTopo = i === this.entradas.length - 1;
      this.entradas.splice(i, 1);
      this.mudou();
      if (eraTopo) this.aoSair.forEach((f) => f(camada, this.top()));
    };
  }

  top(): FocusLayer {
    return this.entradas[this.entradas.length - 1].camada;
  }

  depth(): number {
    return this.entradas.length - 1;
  }

  /** The root layer's container: the screen area (set by the shell). */
  definirContainerRaiz(container: () => HTMLElement | null): void {
    this.entradas[0].camada = { ...this.entradas[0].camada, container };
  }

  /** The top-most layer whose element holds `el`; the root for anything outside every layer. */
  donoDe(el: Element): FocusLayer {
    for (let i = this.entradas.length - 1; i > 0; i--) {
      if (this.entradas[i].camada.container?.()?.contains(el)) return this.entradas[i].camada;
    }
    return this.entradas[0].camada;
  }

  /**
   * Whether `el` is in `camada`. An element of a dialog that has no layer (just opened, or closing) is in
   * none: a dialog focuses its first field before its layer is pushed, and keeps it a moment after the pop.
   */
  pertenceA(el: Element, camada: FocusLayer): boolean {
    const dono = this.donoDe(el);
    if (dono.id !== camada.id) return false;
    return dono !== this.entradas[0].camada || !el.closest('[role=dialog], [role=alertdialog]');
  }

  lembrar(el: HTMLElement): void {
    const dono = this.donoDe(el);
    if (!this.pertenceA(el, dono)) return;
    const entrada = this.entradas.find((e) => e.camada === dono);
    if (entrada) entrada.ultimoFoco = el;
  }

  ultimoFoco(camada: FocusLayer): HTMLElement | null {
    return this.entradas.find((e) => e.camada === camada || e.camada.id === camada.id)?.ultimoFoco ?? null;
  }

  /** Some open layer has unsaved changes. */
  sujo(): boolean {
    return this.entradas.some((e) => e.camada.sujo?.() === true);
  }

  /** Called after the top layer closes, with the layer that is top now. */
  onPop(f: AoSair): () => void {
    this.aoSair.add(f);
    return () => this.aoSair.delete(f);
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
