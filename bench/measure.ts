// Shared by the benchmarks: figures only, never assertions.
import { loadavg } from 'node:os';
/** The p-quantile of the samples (nearest rank); NaN without samples. */
export const quantil = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? NaN;
};

export const stats = (xs: number[]) => `mediana ${quantil(xs, 0.5).toFixed(1)} ms, p95 ${quantil(xs, 0.95).toFixed(1)} ms, n=${xs.length}`;

export async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const v = await fn();
  return [performance.now() - t, v];
}

/** The machine's load average of the last minute, printed beside every figure. */
export const carga = () => `carga ${loadavg()[0].toFixed(2)}`;

/** POST /api/login as admin (COLACRIL unless told); answers the Authorization header to send. */
export async function entrarComoAdmin(url: string, senha: string, empresa = 'COLACRIL'): Promise<string> {
  const r = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Empresa': empresa },
    body: JSON.stringify({ login: 'admin', senha }),
  });
  if (!r.ok) throw new Error(`login falhou: ${r.status} ${await r.text()}`);
  return r.headers.get('authorization')!;
}
