import { useEffect, useId, useMemo, useState } from 'react';
import { useDialog } from './dialog-context';

/**
 * Whether `valor` differs from what it was when the form opened, reported to the enclosing dialog so that
 * Esc, × and Fechar ask before discarding it. Compared as JSON: the forms hold plain data.
 */
export function useUnsavedChanges(valor: unknown): boolean {
  const [base] = useState(() => JSON.stringify(valor));
  const sujo = useMemo(() => JSON.stringify(valor) !== base, [valor, base]);
  useMarcarSujo(sujo);
  return sujo;
}

/**
 * Reports `sujo` to the enclosing dialog (if any) under a key of its own, and withdraws it on unmount: a
 * piece of a form that holds work the form's data does not (an autocomplete's text typed but not picked).
 */
export function useMarcarSujo(sujo: boolean): void {
  const dialogo = useDialog();
  const chave = useId();
  useEffect(() => dialogo?.marcarSujo(chave, sujo), [dialogo, chave, sujo]);
  useEffect(() => () => dialogo?.marcarSujo(chave, false), [dialogo, chave]);
}
