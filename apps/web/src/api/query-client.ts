import { QueryClient } from '@tanstack/react-query';
import { isTransientError } from './api-error';

/** Transient failures are retried this many times before the UI shows the error. */
const MAX_QUERY_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < MAX_QUERY_RETRIES && isTransientError(error),
      },
      mutations: { retry: false },
    },
  });
}
