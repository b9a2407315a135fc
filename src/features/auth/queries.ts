/**
 * Query-key factory and query options for the signed-in user.
 * The contract modules (their zod schemas) are imported when a query runs rather than with this
 * module: the navigation guard and the login page import it, and the login page paints before zod
 * is downloaded (bench/shell). Other features import their contracts statically, as usual.
 */
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../api/request';
import { firstPaint } from '../../ui/after-first-paint';

export const authQueries = {
  all: () => ['auth'] as const,
  currentUser: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'currentUser'] as const,
      queryFn: async ({ signal }) => request((await import('../../contract/auth')).currentUser, { signal }),
      staleTime: 5 * 60 * 1000,
    }),
  /** Which social sign-in buttons the login page shows (public, no user data). */
  socialProviders: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'socialProviders'] as const,
      queryFn: async ({ signal }) => {
        // The buttons sit under the login form: asking waits until the form has painted.
        await firstPaint();
        return request((await import('../../contract/sso')).socialProviders, { signal });
      },
      staleTime: 5 * 60 * 1000,
    }),
};
