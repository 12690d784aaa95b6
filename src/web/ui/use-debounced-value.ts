import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (spec 02 §9: filters wait 300 ms). */
export function useDebouncedValue<T>(valor: T, ms: number): T {
  const [atrasado, setAtrasado] = useState(valor);
  useEffect(() => {
    const t = setTimeout(() => setAtrasado(valor), ms);
    return () => clearTimeout(t);
  }, [valor, ms]);
  return atrasado;
}
