/** integrations: the tab exists; the connectors come with a later issue. */
import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EnvManagementShell } from './env-management-shell';

export function IntegrationsPage() {
  const { t } = useTranslation('environments');
  return (
    <EnvManagementShell page="integrations">
      {() => <NonIdealState icon="build" title={t('integrations.title')} description={t('integrations.description')} />}
    </EnvManagementShell>
  );
}
