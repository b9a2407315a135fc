/** The frame of the OCR data extraction screens: the configuration frame, with the module list as a crumb when asked. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ConfigurationFrame, useConfigurationEnv } from '../shared/configuration-frame';

export const useOcrRulesEnv = useConfigurationEnv;

export function OcrRulesFrame({ title, withModules = false, actions, children }: { title: string; withModules?: boolean; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('routes');
  const { projectId, envId } = useConfigurationEnv();
  return (
    <ConfigurationFrame title={title} actions={actions} crumbs={withModules ? [{ text: t('ocrDataExtraction'), to: paths.ocrDataExtraction(projectId, envId) }] : []}>
      {children}
    </ConfigurationFrame>
  );
}
