import { describe, expect, it } from 'vitest';
import { distanciaKm } from '../../../src/domain/frete/distancia-km';

// freight-calculation.md step 4: great-circle distance, Earth radius 6 371 km, rounded up to whole km.

describe('distanciaKm', () => {
  it('haversine rounded up to whole km', () => {
    // Campinas → Rio de Janeiro ≈ 395.92 km → 396 (see the engine test for the computation).
    expect(distanciaKm({ latitude: -22.9053, longitude: -47.0659 }, { latitude: -22.9129, longitude: -43.2003 })).toBe(396);
    // One degree of longitude on the equator: 2π × 6 371 / 360 = 111.19… → 112.
    expect(distanciaKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBe(112);
    expect(distanciaKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 0 })).toBe(0);
  });

  it('null without coordinates', () => expect(distanciaKm({ latitude: null, longitude: 1 }, { latitude: 0, longitude: 0 })).toBeNull());
});
