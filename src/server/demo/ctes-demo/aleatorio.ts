/** mulberry32: the same company gets the same CT-es on every seed. */
export function aleatorio(semente: number) {
  let a = semente >>> 0;
  const proximo = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const inteiro = (n: number) => Math.floor(proximo() * n);
  return {
    proximo,
    inteiro,
    entre: (min: number, max: number) => min + inteiro(max - min + 1),
    de: <T>(lista: readonly T[]): T => lista[inteiro(lista.length)],
    /** An index drawn by weight. */
    peso: (pesos: readonly number[]) => {
      let x = proximo() * pesos.reduce((s, p) => s + p, 0);
      for (let i = 0; i < pesos.length; i++) if ((x -= pesos[i]) < 0) return i;
      return pesos.length - 1;
    },
  };
}
export type Aleatorio = ReturnType<typeof aleatorio>;
