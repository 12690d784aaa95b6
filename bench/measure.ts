// Shared by the benchmarks: figures only, never assertions.
export const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return `mediana ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, n=${s.length}`;
};

export async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const v = await fn();
  return [performance.now() - t, v];
}
