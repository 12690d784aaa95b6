import { useState } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './query-client';
import { SessionRoot } from './session-root';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [cliente] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={cliente}>
      <SessionRoot />
    </QueryClientProvider>
  );
}
