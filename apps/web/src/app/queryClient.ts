import { QueryClient } from '@tanstack/react-query';

/**
 * The app's query defaults (a list read in the last 30 s is not asked for again on mount). Reads
 * wait while the browser is offline and go on when it is back; writes are always sent, so a press
 * while offline is refused at once with why (lib/request.ts) instead of a button spinning, paused.
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false, networkMode: 'always' },
    },
  });

export const queryClient = createQueryClient();
