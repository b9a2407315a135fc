import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@blueprintjs/core';
import { authQueries } from '../features/auth/queries';
import { defaultRedirect } from './paths';
import { hasToken } from './session';

/** The root path: sends each user to their default place (spec §2.2 login default redirect). */
export function IndexPage() {
  const signedIn = hasToken();
  const user = useQuery({ ...authQueries.currentUser(), enabled: signedIn });
  if (signedIn && !user.data) return <main className="p-centered"><Spinner aria-label="…" /></main>;
  return <Navigate to={defaultRedirect({ hasToken: signedIn, isLight: user.data?.isLight })} replace />;
}
