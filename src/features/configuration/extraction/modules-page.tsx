/**
 * configuration/extraction: the environment's information extraction modules. One module opens at
 * once; several are listed; none says where to add one.
 */
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ListState } from '../../../ui/list-state';
import { ExtractionFrame, useExtractionEnv } from './extraction-frame';
import { extractionQueries } from './queries';

export function ExtractionModulesPage() {
  const { t } = useTranslation(['extraction', 'routes']);
  const { projectId, envId } = useExtractionEnv();
  const modules = useQuery(extractionQueries.modules(envId));
  const extraction = (modules.data ?? []).filter((module) => module.type === 'extraction');
  if (extraction.length === 1) return <Navigate to={paths.extractionModule(projectId, envId, extraction[0]!.id)} replace />;
  return (
    <ExtractionFrame title={t('routes:extraction')}>
      <ListState query={modules} isEmpty={extraction.length === 0} emptyText={t('modules.none')} errorText={t('modules.error')}>
        <div className="p-config-menu">
          {extraction.map((module) => (
            <Link key={module.id} to={paths.extractionModule(projectId, envId, module.id)} className="p-config-menu__entry">
              <Card interactive>
                <strong>{module.name}</strong> {!module.active && <Tag minimal>{t('modules.inactive')}</Tag>}
              </Card>
            </Link>
          ))}
        </div>
      </ListState>
    </ExtractionFrame>
  );
}
