import { QueryClient } from '@tanstack/react-query';

/** The app's query defaults (a list read in the last 30 s is not asked for again on mount). */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });

export const queryClient = createQueryClient();
