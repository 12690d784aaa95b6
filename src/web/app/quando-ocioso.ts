import { useEffect, useRef, useState } from 'react';
import { useInFlight } from '../api/in-flight';

/**
 * Runs `tarefa` once the browser is idle (the screen on show is interactive by then): what is fetched there
 * does not delay it. A short timeout where requestIdleCallback is missing (jsdom, Safari). Answers the cancel.
 */
function quandoOcioso(tarefa: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(tarefa, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(tarefa, 1);
  return () => clearTimeout(id);
}

/**
 * Renders nothing; calls `onOcioso` once the first screen's calls have answered (or 5 s after it
 * mounted, for a screen without calls) and the browser is then idle. Mounted until then only, so the
 * in-flight count re-renders this and nothing else.
 */
export function EsperarOcio({ onOcioso }: { onOcioso: () => void }): null {
  const emCurso = useInFlight();
  const [houveChamada, setHouveChamada] = useState(false);
  const [esgotado, setEsgotado] = useState(false);
  if (emCurso > 0 && !houveChamada) setHouveChamada(true);
  const avisar = useRef(onOcioso);
  avisar.current = onOcioso;
  useEffect(() => {
    const id = setTimeout(() => setEsgotado(true), 5000);
    return () => clearTimeout(id);
  }, []);
  const pronto = (houveChamada && emCurso === 0) || esgotado;
  useEffect(() => (pronto ? quandoOcioso(() => avisar.current()) : undefined), [pronto]);
  return null;
}
