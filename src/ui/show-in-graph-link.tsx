/**
 * "Show in the graph": a link from an entity's editor to its node on the configuration graph, opened
 * centred on it and selected (`?node=`). `node` is the graph's node key (`entityKey`).
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../app/paths';

export function ShowInGraphLink({ projectId, envId, node }: { projectId: string; envId: string; node: string }) {
  const { t } = useTranslation('configurationGraph');
  return (
    <Link className="bp6-button bp6-minimal" to={paths.graph(projectId, envId, node)}>
      <span className="bp6-button-text">{t('showInGraph')}</span>
    </Link>
  );
}
