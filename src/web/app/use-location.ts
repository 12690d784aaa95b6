import { useMemo, useSyncExternalStore } from 'react';
import { router } from './router';

export function useLocation(): { pathname: string; query: URLSearchParams } {
  const href = useSyncExternalStore(router.subscribe, router.snapshot);
  return useMemo(() => {
    const url = new URL(href, 'http://local');
    return { pathname: url.pathname, query: url.searchParams };
  }, [href]);
}
