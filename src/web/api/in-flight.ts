import { useSyncExternalStore } from 'react';

// Calls in flight, for the global progress bar.
let emCurso = 0;
const ouvintes = new Set<() => void>();
const avisar = () => ouvintes.forEach((o) => o());

export const inFlight = {
  iniciar(): void {
    emCurso += 1;
    avisar();
  },
  terminar(): void {
    emCurso = Math.max(0, emCurso - 1);
    avisar();
  },
};

export function useInFlight(): number {
  return useSyncExternalStore(
    (o) => {
      ouvintes.add(o);
      return () => ouvintes.delete(o);
    },
    () => emCurso,
  );
}
