/**
 * configuration/output: the environment's output modules. The pipeline holds at most one (§4), which
 * opens at once; none says where to add one.
 */
import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ListState } from '../../../ui/list-state';
import { OutputFrame, useOutputEnv } from './output-frame';
import { outputQueries } from './queries';

export function OutputModulesPage() {
  const { t } = useTranslation(['output', 'routes']);
  const { projectId, envId } = useOutputEnv();
  const modules = useQuery(outputQueries.modules(envId));
  const output = (modules.data ?? []).find((module) => module.type === 'output');
  if (output !== undefined) return <Navigate to={paths.outputModule(projectId, envId, output.id)} replace />;
  return (
    <OutputFrame title={t('routes:output')}>
      <ListState query={modules} isEmpty emptyText={t('modules.none')} errorText={t('modules.error')}>
        {null}
      </ListState>
    </OutputFrame>
  );
}
