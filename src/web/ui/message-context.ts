import { createContext } from 'react';

/** A follow-up the popup offers beside OK (e.g. "Ver os CT-es lidos"): its button has the focus, so Enter runs it. */
export interface AcaoMensagem {
  rotulo: string;
  executar: () => void;
}

export type ShowMessages = (mensagens: string[], titulo?: string, acao?: AcaoMensagem) => void;

export const MessageContext = createContext<ShowMessages | null>(null);
