import type { QueryClient } from '@tanstack/react-query';
import { SessionRoot } from './session-root';

/** The web app. `queryClient`: a test's own (the identified session makes one otherwise). */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return <SessionRoot queryClient={queryClient} />;
}
