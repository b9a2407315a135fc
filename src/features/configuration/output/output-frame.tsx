/** The frame of the output screens: the configuration frame, with the list of output modules as a crumb when asked. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ConfigurationFrame, useConfigurationEnv } from '../shared/configuration-frame';

export const useOutputEnv = useConfigurationEnv;

export function OutputFrame({ title, withList = false, children }: { title: string; withList?: boolean; children: ReactNode }) {
  const { t } = useTranslation('routes');
  const { projectId, envId } = useConfigurationEnv();
  return (
    <ConfigurationFrame title={title} crumbs={withList ? [{ text: t('output'), to: paths.output(projectId, envId) }] : []}>
      {children}
    </ConfigurationFrame>
  );
}
