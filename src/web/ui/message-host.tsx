import { useCallback, useState, type ReactNode } from 'react';
import { MessageContext } from './message-context';
import { MessageList } from './message-list';

/** Owns the message-list popup; messages arriving while it is open join the list. */
export function MessageHost({ children }: { children: ReactNode }) {
  const [estado, setEstado] = useState<{ mensagens: string[]; titulo?: string }>({ mensagens: [] });
  const mostrar = useCallback((mensagens: string[], titulo?: string) => {
    setEstado((atual) => ({ mensagens: [...new Set([...atual.mensagens, ...mensagens])], titulo: titulo ?? atual.titulo }));
  }, []);
  return (
    <MessageContext.Provider value={mostrar}>
      {children}
      <MessageList mensagens={estado.mensagens} titulo={estado.titulo} onClose={() => setEstado({ mensagens: [] })} />
    </MessageContext.Provider>
  );
}
