import { QueryClient } from '@tanstack/react-query';

// Failures are routed once by the API client (spec 01 §8): react-query must not retry them.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 15_000 },
      mutations: { retry: false },
    },
  });
}
