import { useCallback, useState, type ReactNode } from 'react';
import { MessageContext, type AcaoMensagem } from './message-context';
import { MessageList } from './message-list';

interface Estado {
  mensagens: string[];
  titulo?: string;
  acao?: AcaoMensagem;
}

/** Owns the message-list popup; messages arriving while it is open join the list. */
export function MessageHost({ children }: { children: ReactNode }) {
  const [estado, setEstado] = useState<Estado>({ mensagens: [] });
  const mostrar = useCallback((mensagens: string[], titulo?: string, acao?: AcaoMensagem) => {
    // A new popup takes its own title and action; messages joining an open one keep what it has unless they bring their own.
    setEstado((atual) => {
      const aberto = atual.mensagens.length > 0;
      return {
        mensagens: [...new Set([...atual.mensagens, ...mensagens])],
        titulo: aberto ? (titulo ?? atual.titulo) : titulo,
        acao: aberto ? (acao ?? atual.acao) : acao,
      };
    });
  }, []);
  return (
    <MessageContext.Provider value={mostrar}>
      {children}
      <MessageList mensagens={estado.mensagens} titulo={estado.titulo} acao={estado.acao} onClose={() => setEstado((atual) => ({ ...atual, mensagens: [], acao: undefined }))} />
    </MessageContext.Provider>
  );
}
