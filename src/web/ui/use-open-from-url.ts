import { useEffect } from 'react';

/**
 * The palette's hits (and messages like "Ver as faturas lidas") arrive as ?ver={id}: open that row once,
 * then drop the parameter.
 */
export function useAbrirDaUrl(parametro: string | null, ver: (linha: { id: number }) => void, limpar: () => void): void {
  const id = Number(parametro) || null;
  useEffect(() => {
    if (id === null) return;
    ver({ id });
    limpar();
  }, [id]); // eslint-disable-line react-hooks/exhaustive-deps -- once per id in the URL; ver and limpar are new on every render
}
