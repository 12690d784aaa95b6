import { vi } from 'vitest';

export interface Chamada {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}

type Rota = (c: Chamada) => Response | Promise<Response> | undefined;

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** Stubs globalThis.fetch (ofetch calls it lazily); the first route that answers wins, others get 404. */
export function stubFetch(...rotas: Rota[]) {
  const chamadas: Chamada[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const bruto = init.body;
    let body: unknown = bruto;
    if (typeof bruto === 'string') {
      try {
        body = JSON.parse(bruto);
      } catch {
        body = bruto;
      }
    }
    const c: Chamada = { method: (init.method ?? 'GET').toUpperCase(), url: decodeURIComponent(url), body, headers: new Headers(init.headers) };
    chamadas.push(c);
    for (const rota of rotas) {
      const r = await rota(c);
      if (r) return r;
    }
    return json({ mensagens: ['não encontrado'] }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, chamadas };
}

/** A route matcher: method and a path prefix or regexp on the URL. */
export function rota(method: string, caminho: string | RegExp, responder: (c: Chamada) => Response | Promise<Response>): Rota {
  return (c) => {
    if (c.method !== method) return undefined;
    const caminhoDaUrl = c.url.split('?')[0];
    const bate = typeof caminho === 'string' ? caminhoDaUrl === caminho : caminho.test(c.url);
    return bate ? responder(c) : undefined;
  };
}
