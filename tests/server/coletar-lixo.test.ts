import { describe, expect, it } from 'vitest';
import { contadorDeColeta } from '../../src/server/memoria/coletar-lixo';

// The exports' periodic collection (src/server/memoria/coletar-lixo.ts): asked for after so much work, it frees
// what nothing holds any more, without the --expose-gc flag.

const heap = () => process.memoryUsage().heapUsed;

describe('contadorDeColeta', () => {
  it('collects once the work passes the amount, and not before', () => {
    const contar = contadorDeColeta(1_000);
    let lixo: object[] | null = Array.from({ length: 600_000 }, (_, i) => ({ i, texto: `linha ${i}` }));
    const comLixo = heap();
    lixo = null;
    contar(999);
    expect(heap(), 'nothing asked yet').toBeGreaterThan(comLixo - 10 * 1024 * 1024);
    contar(1);
    expect(lixo).toBeNull();
    expect(heap(), 'the garbage was collected').toBeLessThan(comLixo - 20 * 1024 * 1024);
  });
});
