/**
 * configuration/categorization and configuration/consolidation: the environment's modules of that
 * type. One module opens at once; several are listed; none says where to add one.
 */
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ListState } from '../../../ui/list-state';
import { CategorizationFrame, useCategorizationEnv } from './categorization-frame';
import { categorizationQueries } from './queries';

function ModulesPage({ type }: { type: 'categorization' | 'consolidation' }) {
  const { t } = useTranslation(['categorization', 'routes']);
  const { projectId, envId } = useCategorizationEnv();
  const modules = useQuery(categorizationQueries.modules(envId));
  const ofType = (modules.data ?? []).filter((module) => module.type === type);
  const to = (moduleId: string) => (type === 'categorization' ? paths.categorizationModule(projectId, envId, moduleId) : paths.consolidationModule(projectId, envId, moduleId));
  if (ofType.length === 1) return <Navigate to={to(ofType[0]!.id)} replace />;
  return (
    <CategorizationFrame title={t(`routes:${type}`)}>
      <ListState query={modules} isEmpty={ofType.length === 0} emptyText={t(`modules.none.${type}`)} errorText={t('modules.error')}>
        <div className="p-config-menu">
          {ofType.map((module) => (
            <Link key={module.id} to={to(module.id)} className="p-config-menu__entry">
              <Card interactive>
                <strong>{module.name}</strong> {!module.active && <Tag minimal>{t('modules.inactive')}</Tag>}
              </Card>
            </Link>
          ))}
        </div>
      </ListState>
    </CategorizationFrame>
  );
}

export const CategorizationModulesPage = () => <ModulesPage type="categorization" />;
export const ConsolidationModulesPage = () => <ModulesPage type="consolidation" />;
