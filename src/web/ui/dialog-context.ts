import { createContext, useContext } from 'react';

/** What a dialog offers the components inside it. */
export interface DialogApi {
  /** Close as the user asked for it: with unsaved changes, "Descartar as alterações?" first. */
  fechar: () => void;
  /** A form inside reports whether it has unsaved changes (several forms: each under its own key). */
  marcarSujo: (chave: string, sujo: boolean) => void;
  /** The footer element: DialogButtons render there, always in view. */
  rodape: HTMLElement | null;
}

export const DialogContext = createContext<DialogApi | null>(null);

export const useDialog = (): DialogApi | null => useContext(DialogContext);
