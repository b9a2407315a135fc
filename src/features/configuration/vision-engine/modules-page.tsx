/**
 * configuration/vision-engine: the environment's vision engine modules. One module opens at once;
 * several are listed; none says where to add one.
 */
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ListState } from '../../../ui/list-state';
import { visionQueries } from './queries';
import { useVisionEnv, VisionFrame } from './vision-frame';

export function VisionModulesPage() {
  const { t } = useTranslation(['vision', 'routes']);
  const { projectId, envId } = useVisionEnv();
  const modules = useQuery(visionQueries.modules(envId));
  const ofType = (modules.data ?? []).filter((module) => module.type === 'visionEngine');
  if (ofType.length === 1) return <Navigate to={paths.visionEngineModule(projectId, envId, ofType[0]!.id)} replace />;
  return (
    <VisionFrame title={t('routes:visionEngine')}>
      <ListState query={modules} isEmpty={ofType.length === 0} emptyText={t('modules.none')} errorText={t('modules.error')}>
        <div className="p-config-menu">
          {ofType.map((module) => (
            <Link key={module.id} to={paths.visionEngineModule(projectId, envId, module.id)} className="p-config-menu__entry">
              <Card interactive>
                <strong>{module.name}</strong> {!module.active && <Tag minimal>{t('modules.inactive')}</Tag>}
              </Card>
            </Link>
          ))}
        </div>
      </ListState>
    </VisionFrame>
  );
}
