/**
 * configuration/ocr-data-extraction: the environment's OCR data extraction modules. One module opens
 * at once; several are listed; none says where to add one.
 */
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ListState } from '../../../ui/list-state';
import { OcrRulesFrame, useOcrRulesEnv } from './frame';
import { ocrRulesQueries } from './queries';

export function OcrModulesPage() {
  const { t } = useTranslation(['ocrRules', 'routes']);
  const { projectId, envId } = useOcrRulesEnv();
  const modules = useQuery(ocrRulesQueries.modules(envId));
  const ours = (modules.data ?? []).filter((module) => module.type === 'ocrDataExtraction');
  if (ours.length === 1) return <Navigate to={paths.ocrDataExtractionModule(projectId, envId, ours[0]!.id)} replace />;
  return (
    <OcrRulesFrame title={t('routes:ocrDataExtraction')}>
      <ListState query={modules} isEmpty={ours.length === 0} emptyText={t('modules.none')} errorText={t('modules.error')}>
        <div className="p-config-menu">
          {ours.map((module) => (
            <Link key={module.id} to={paths.ocrDataExtractionModule(projectId, envId, module.id)} className="p-config-menu__entry">
              <Card interactive>
                <strong>{module.name}</strong> {!module.active && <Tag minimal>{t('modules.inactive')}</Tag>}
              </Card>
            </Link>
          ))}
        </div>
      </ListState>
    </OcrRulesFrame>
  );
}
