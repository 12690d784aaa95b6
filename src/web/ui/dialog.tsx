import { useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { DialogContext, type DialogApi } from './dialog-context';
import { DialogFrame, type DialogFrameProps } from './dialog-frame';
import { FieldErrorsContext, useFieldErrorsScope } from './field-errors';

/** Asked before Esc, × or Fechar throws away what was typed (default answer: Não). */
export const MSG_DESCARTAR_ALTERACOES = 'Descartar as alterações?';

export type DialogProps = Omit<DialogFrameProps, 'sujo' | 'footerRef'> & {
  /** Unsaved changes held by the dialog's own state (forms inside report theirs with useUnsavedChanges). */
  dirty?: boolean;
};

/**
 * The editing dialog every screen uses: DialogFrame plus the unsaved-changes guard. Forms inside report
 * their changes (useUnsavedChanges); closing by Esc, × or the Fechar button (DialogButtons) then asks
 * "Descartar as alterações?" (S/N, Não focused) instead of throwing the work away.
 */
export function Dialog({ onClose, children, dirty, ...props }: DialogProps) {
  const sujos = useRef(new Set<string>());
  const [confirmando, setConfirmando] = useState(false);
  const [rodape, setRodape] = useState<HTMLDivElement | null>(null);
  const fechar = useRef(onClose);
  fechar.current = onClose;
  const fechavel = onClose !== undefined;
  const camposInvalidos = useFieldErrorsScope();

  const pedirFechar = useMemo(
    () => (fechavel ? () => (sujos.current.size > 0 ? setConfirmando(true) : fechar.current?.()) : undefined),
    [fechavel],
  );
  const api = useMemo<DialogApi>(
    () => ({
      fechar: () => pedirFechar?.(),
      marcarSujo: (chave, sujo) => void (sujo ? sujos.current.add(chave) : sujos.current.delete(chave)),
      rodape,
    }),
    [pedirFechar, rodape],
  );
  useEffect(() => api.marcarSujo('dialogo', dirty === true), [api, dirty]);
  return (
    <DialogFrame {...props} onClose={pedirFechar} sujo={() => sujos.current.size > 0} footerRef={setRodape}>
      <DialogContext.Provider value={api}>
        <FieldErrorsContext.Provider value={camposInvalidos}>{children}</FieldErrorsContext.Provider>
      </DialogContext.Provider>
      <ConfirmDialog
        open={confirmando}
        message={MSG_DESCARTAR_ALTERACOES}
        onConfirm={() => {
          setConfirmando(false);
          sujos.current.clear();
          fechar.current?.();
        }}
        onCancel={() => setConfirmando(false)}
      />
    </DialogFrame>
  );
}
