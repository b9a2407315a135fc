/** The frame of the reply generator screens: breadcrumbs back to the configuration menu, title, actions; and who may edit. */
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ConfigurationFrame, useConfigurationEnv } from '../shared/configuration-frame';

export function useRepliesEnv() {
  const { templateId = '' } = useParams();
  return { ...useConfigurationEnv(), templateId };
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
