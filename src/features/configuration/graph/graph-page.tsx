/**
 * environment/graph: the environment's configuration as a graph, with its problems
 * marked. Lazy-loaded with React Flow; the layout runs in a worker.
 */
import { useMemo } from 'react';
import { ReactFlowProvider } from '@xyflow/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { configurationProblems } from '../../../configuration-problems';
import { ListState } from '../../../ui/list-state';
import { ConfigurationFrame, useConfigurationEnv } from '../shared/configuration-frame';
import { buildGraph } from './build-graph';
import { GraphView } from './graph-view';
import { graphQueries } from './queries';

export function GraphPage() {
  const { t } = useTranslation(['configurationGraph', 'routes']);
  const { projectId, envId } = useConfigurationEnv();
  const snapshot = useQuery(graphQueries.snapshot(envId));
  const built = useMemo(() => {
    if (snapshot.data === undefined) return null;
    performance.mark('graph:build-start');
    const problems = configurationProblems(snapshot.data);
    const graph = buildGraph(snapshot.data, problems);
    performance.measure('graph:build', 'graph:build-start');
    return { problems, graph };
  }, [snapshot.data]);
  return (
    <ConfigurationFrame title={t('routes:graph')}>
      <p>{t('intro')}</p>
      <ListState query={snapshot} isEmpty={built !== null && built.graph.nodes.length === 0} emptyText={t('empty')} errorText={t('error')}>
        {built && (
          <ReactFlowProvider>
            <GraphView graph={built.graph} problems={built.problems} projectId={projectId} envId={envId} />
          </ReactFlowProvider>
        )}
      </ListState>
    </ConfigurationFrame>
  );
}
