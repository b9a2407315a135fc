/** The frame of every categorization and consolidation screen: breadcrumbs back to the configuration menu, title, actions. */
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ConfigurationFrame, type Crumb } from '../shared/configuration-frame';
import { categorizationQueries } from './queries';

export function useCategorizationEnv() {
  const { projectId = '', envId = '', moduleId = '' } = useParams();
  const project = useQuery(categorizationQueries.project(projectId));
  // §2.4: categorization is not configurable on the legacy IC variant (the server answers 409
  // categorizationLegacyProject); it can still be read and tested there.
  const legacy = project.data?.type === 'IC';
  // The server says no to anyone else (403); the screens only hide what would be refused.
  const canEdit = project.data?.profile === 'configurator' && !legacy;
  return { projectId, envId, moduleId, canEdit, legacy };
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
