const RAIO_TERRA_KM = 6371;
const radianos = (graus: number) => (graus * Math.PI) / 180;

interface Coordenadas {
  latitude: number | null;
  longitude: number | null;
}

/**
 * freight-calculation.md step 4: without a given distance, the great-circle (haversine) distance between
 * the municipalities, rounded UP to whole km. An estimate of geometry, not money: floats are fine here.
 * null when a coordinate is missing.
 */
export function distanciaKm(a: Coordenadas, b: Coordenadas): number | null {
  if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null) return null;
  const dLat = radianos(b.latitude - a.latitude);
  const dLon = radianos(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radianos(a.latitude)) * Math.cos(radianos(b.latitude)) * Math.sin(dLon / 2) ** 2;
  const km = 2 * RAIO_TERRA_KM * Math.asin(Math.min(1, Math.sqrt(h)));
  // The epsilon keeps a float error on an exact whole km from adding one more.
  return Math.max(0, Math.ceil(km - 1e-9));
}
