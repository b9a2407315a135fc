/** The frame of the reply generator screens: breadcrumbs back to the configuration menu, title, actions; and who may edit. */
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ConfigurationFrame } from '../shared/configuration-frame';
import { replyQueries } from './queries';

export function useRepliesEnv() {
  const { projectId = '', envId = '', templateId = '', moduleId = '' } = useParams();
  const project = useQuery(replyQueries.project(projectId));
  // The server says no to anyone else (403); the screens only hide what would be refused.
  const canEdit = project.data?.profile === 'configurator';
  return { projectId, envId, templateId, moduleId, canEdit };
}

export function RepliesFrame({ title, withList = false, actions, children }: { title: string; withList?: boolean; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('routes');
  const { projectId, envId } = useRepliesEnv();
  return (
    <ConfigurationFrame title={title} actions={actions} crumbs={withList ? [{ text: t('replyTemplates'), to: paths.replyTemplates(projectId, envId) }] : []}>
      {children}
    </ConfigurationFrame>
  );
}
