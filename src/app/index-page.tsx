import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { authQueries } from '../features/auth/queries';
import { defaultRedirect } from './paths';
import { hasToken } from './session';

/** The root path: sends each user to their default place (spec §2.2 login default redirect). */
export function IndexPage() {
  const { t } = useTranslation();
  const signedIn = hasToken();
  const user = useQuery({ ...authQueries.currentUser(), enabled: signedIn });
  if (signedIn && !user.data) return <main className="p-centered"><Spinner aria-label={t('loading')} /></main>;
  return <Navigate to={defaultRedirect({ hasToken: signedIn, isLight: user.data?.isLight })} replace />;
}
