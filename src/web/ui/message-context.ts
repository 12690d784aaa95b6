import { createContext } from 'react';

export type ShowMessages = (mensagens: string[], titulo?: string) => void;

export const MessageContext = createContext<ShowMessages | null>(null);
