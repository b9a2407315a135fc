/** The frame of every categorization and consolidation screen: breadcrumbs back to the configuration menu, title, actions. */
import type { ReactNode } from 'react';
import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ConfigurationFrame, useConfigurationEnv, type Crumb } from '../shared/configuration-frame';

export function useCategorizationEnv() {
  const env = useConfigurationEnv();
  // §2.4: categorization is not configurable on the legacy IC variant (the server answers 409
  // categorizationLegacyProject); it can still be read and tested there.
  const legacy = env.project?.type === 'IC';
  return { ...env, canEdit: env.canEdit && !legacy, legacy };
}

export type { Crumb } from '../shared/configuration-frame';

export function CategorizationFrame({ title, crumbs = [], actions, children }: { title: string; crumbs?: Crumb[]; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('categorization');
  const { legacy } = useCategorizationEnv();
  return (
    <ConfigurationFrame title={title} crumbs={crumbs} actions={actions}>
      {legacy && (
        <Callout intent={Intent.WARNING} compact data-testid="categorization-legacy">
          {t('errors.categorizationLegacyProject')}
        </Callout>
      )}
      {children}
    </ConfigurationFrame>
  );
}
