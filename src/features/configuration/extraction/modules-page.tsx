/**
 * configuration/extraction: the environment's information extraction modules. One module opens at
 * once; several are listed; none says where to add one.
 */

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ConfigurationFrame, useConfigurationEnv } from '../shared/configuration-frame';
import { ModulePicker } from '../shared/module-picker';
import { extractionQueries } from './queries';

export function ExtractionModulesPage() {
  const { t } = useTranslation(['extraction', 'routes']);
  const { projectId, envId } = useConfigurationEnv();
  const modules = useQuery(extractionQueries.modules(envId));
  return (
    <ConfigurationFrame title={t('routes:extraction')}>
      <ModulePicker
        modules={modules}
        type="extraction"
        to={(moduleId) => paths.extractionModule(projectId, envId, moduleId)}
        texts={{ none: t('modules.none'), error: t('modules.error'), inactive: t('modules.inactive') }}
      />
    </ConfigurationFrame>
  );
}
