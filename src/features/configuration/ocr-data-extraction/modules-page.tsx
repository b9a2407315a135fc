/**
 * configuration/ocr-data-extraction: the environment's OCR data extraction modules. One module opens
 * at once; several are listed; none says where to add one.
 */

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ConfigurationFrame, useConfigurationEnv } from '../shared/configuration-frame';
import { ModulePicker } from '../shared/module-picker';
import { ocrRulesQueries } from './queries';

export function OcrModulesPage() {
  const { t } = useTranslation(['ocrRules', 'routes']);
  const { projectId, envId } = useConfigurationEnv();
  const modules = useQuery(ocrRulesQueries.modules(envId));
  return (
    <ConfigurationFrame title={t('routes:ocrDataExtraction')}>
      <ModulePicker
        modules={modules}
        type="ocrDataExtraction"
        to={(moduleId) => paths.ocrDataExtractionModule(projectId, envId, moduleId)}
        texts={{ none: t('modules.none'), error: t('modules.error'), inactive: t('modules.inactive') }}
      />
    </ConfigurationFrame>
  );
}
