// autocannon ships no types: only what bench/http.ts uses.
declare module 'autocannon' {
  interface Opcoes {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Histograma {
    average: number;
    p50: number;
    p99: number;
  }
  interface Resultado {
    requests: Histograma;
    latency: Histograma;
    non2xx: number;
    errors: number;
    timeouts: number;
    '2xx': number;
  }
  function autocannon(opcoes: Opcoes): Promise<Resultado>;
  export default autocannon;
}
