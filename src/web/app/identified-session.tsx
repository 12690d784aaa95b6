import { useEffect, useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { UsuarioLogado } from '../../contracts/auth';
import { MessageHost } from '../ui/message-host';
import { FailureMessages } from './failure-messages';
import { createQueryClient } from './query-client';
import { Shell } from './shell';
import { UnavailableHost } from './unavailable-host';

export interface IdentifiedSessionProps {
  usuario: UsuarioLogado;
  onSair: () => void;
  /** A test's own client; by default one per session. */
  queryClient?: QueryClient;
}

/**
 * What exists only once a user is identified: the query cache, the message popup, routed failures (only the
 * shell's calls route them), the unavailable dialog and the shell. Loaded apart from the login screen (docs/decisoes.md §31).
 */
export function IdentifiedSession({ usuario, onSair, queryClient }: IdentifiedSessionProps) {
  const [cliente] = useState(() => queryClient ?? createQueryClient());
  // The cache goes with the session (logout, session lost), as SessionRoot's limparSessao did before.
  useEffect(() => () => cliente.clear(), [cliente]);
  return (
    <QueryClientProvider client={cliente}>
      <MessageHost>
        <FailureMessages />
        <UnavailableHost />
        <Shell usuario={usuario} onSair={onSair} />
      </MessageHost>
    </QueryClientProvider>
  );
}
