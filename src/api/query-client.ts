/** The one QueryClient of the console. Client errors (4xx) are not retried; network failures are. */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors';

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status !== undefined && error.status < 500) return false;
  if (isApiError(error) && error.kind !== 'network' && error.kind !== 'http') return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, gcTime: 24 * 60 * 60 * 1000, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

export const queryClient = createQueryClient();
