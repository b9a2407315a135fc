import { Button } from '@blueprintjs/core';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors';
import { EmptyState } from '../ui/empty-state';

/** Shown when a navigation stops (e.g. the user could not be loaded): says why and offers a retry. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <main className="p-centered" role="alert">
      <EmptyState
        icon="offline"
        title={t('routeError.title')}
        description={errorMessage(error) || t('error.generic')}
        action={<Button intent="primary" text={t('actions.retry')} onClick={() => window.location.reload()} />}
      />
    </main>
  );
}
