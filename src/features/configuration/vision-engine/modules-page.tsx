/**
 * configuration/vision-engine: the environment's vision engine modules. One module opens at once;
 * several are listed; none says where to add one.
 */

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ConfigurationFrame, useConfigurationEnv } from '../shared/configuration-frame';
import { ModulePicker } from '../shared/module-picker';
import { visionQueries } from './queries';

export function VisionModulesPage() {
  const { t } = useTranslation(['vision', 'routes']);
  const { projectId, envId } = useConfigurationEnv();
  const modules = useQuery(visionQueries.modules(envId));
  return (
    <ConfigurationFrame title={t('routes:visionEngine')}>
      <ModulePicker
        modules={modules}
        type="visionEngine"
        to={(moduleId) => paths.visionEngineModule(projectId, envId, moduleId)}
        texts={{ none: t('modules.none'), error: t('modules.error'), inactive: t('modules.inactive') }}
      />
    </ConfigurationFrame>
  );
}
