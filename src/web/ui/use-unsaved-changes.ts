import { useEffect, useId, useMemo, useState } from 'react';
import { useDialog } from './dialog-context';

/**
 * Whether `valor` differs from what it was when the form opened, reported to the enclosing dialog so that
 * Esc, × and Fechar ask before discarding it. Compared as JSON: the forms hold plain data.
 */
export function useUnsavedChanges(valor: unknown): boolean {
  const dialogo = useDialog();
  const chave = useId();
  const [base] = useState(() => JSON.stringify(valor));
  const sujo = useMemo(() => JSON.stringify(valor) !== base, [valor, base]);
  useEffect(() => dialogo?.marcarSujo(chave, sujo), [dialogo, chave, sujo]);
  useEffect(() => () => dialogo?.marcarSujo(chave, false), [dialogo, chave]);
  return sujo;
}
