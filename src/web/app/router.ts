// A tiny history router: no router package is installed and the app needs only paths and a query.
const ouvintes = new Set<() => void>();

function avisar(): void {
  ouvintes.forEach((o) => o());
}

export const router = {
  navigate(to: string, options: { replace?: boolean } = {}): void {
    if (to === window.location.pathname + window.location.search) return;
    if (options.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    avisar();
  },
  subscribe(ouvinte: () => void): () => void {
    ouvintes.add(ouvinte);
    window.addEventListener('popstate', ouvinte);
    return () => {
      ouvintes.delete(ouvinte);
      window.removeEventListener('popstate', ouvinte);
    };
  },
  snapshot(): string {
    return window.location.pathname + window.location.search;
  },
};
