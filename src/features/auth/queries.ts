/** Query-key factory and query options for the signed-in user. */
import { queryOptions } from '@tanstack/react-query';
import { currentUser } from '../../contract/auth';
import { socialProviders } from '../../contract/sso';
import { request } from '../../api/request';

export const authQueries = {
  all: () => ['auth'] as const,
  currentUser: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'currentUser'] as const,
      queryFn: ({ signal }) => request(currentUser, { signal }),
      staleTime: 5 * 60 * 1000,
    }),
  /** Which social sign-in buttons the login page shows (public, no user data). */
  socialProviders: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'socialProviders'] as const,
      queryFn: ({ signal }) => request(socialProviders, { signal }),
      staleTime: 5 * 60 * 1000,
    }),
};
