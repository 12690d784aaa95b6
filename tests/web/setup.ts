import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The web files share each worker (isolate: false, vitest.config.ts): the libraries stay loaded, but every file
// imports the app's own modules anew, so no module state (the failure bus, the session, what was lazily loaded)
// crosses from one file to the next.
vi.resetModules();
// The jsdom is shared too: each file starts on an empty body, whatever an earlier file left on it (a modal's scroll
// lock or hidden siblings).
for (const { name } of [...document.body.attributes]) document.body.removeAttribute(name);
document.body.replaceChildren();

// findBy*/waitFor wait up to 1 s by default; on a loaded 2-core CI machine a debounced autocomplete plus a
// query can take longer. A longer wait changes no assertion, it only stops a slow run from failing.
configure({ asyncUtilTimeout: 5000 });

// cmdk and Ark measure and scroll; jsdom has neither layout nor the observers.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
class IntersectionObserverStub extends ResizeObserverStub {
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver ??= IntersectionObserverStub as unknown as typeof IntersectionObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
// Scrolling keeps a per-element offset and fires "scroll", which react-virtual listens to.
const deslocamentos = new WeakMap<Element, number>();
Object.defineProperty(Element.prototype, 'scrollTop', {
  configurable: true,
  get(this: Element) {
    return deslocamentos.get(this) ?? 0;
  },
  set(this: Element, v: number) {
    deslocamentos.set(this, v);
  },
});
// The scrollable height is what the content's inline heights add up to (react-virtual sets the total size).
Object.defineProperty(Element.prototype, 'scrollHeight', {
  configurable: true,
  get(this: Element) {
    const filhos = [...this.children].map((c) => parseFloat((c as HTMLElement).style?.height || '0') || 0);
    return Math.max(ALTURA, filhos.reduce((a, b) => a + b, 0));
  },
});
Element.prototype.scrollTo = function scrollTo(this: Element, x?: ScrollToOptions | number, y?: number) {
  const top = typeof x === 'object' ? x.top : y;
  if (top === undefined) return;
  this.scrollTop = top;
  this.dispatchEvent(new Event('scroll'));
};

// @tanstack/react-virtual sizes its viewport from the scroll element: give every element a 600×800 box.
const ALTURA = 600;
const LARGURA = 800;
Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => ALTURA });
Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => LARGURA });
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => ALTURA });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => LARGURA });
Element.prototype.getBoundingClientRect = function getBoundingClientRect() {
  return { x: 0, y: 0, top: 0, left: 0, bottom: ALTURA, right: LARGURA, width: LARGURA, height: ALTURA, toJSON: () => ({}) } as DOMRect;
};

globalThis.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as unknown as typeof matchMedia;

afterEach(() => {
  cleanup();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
