import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppChrome } from './app-chrome';
import { SideNav, type NavEntry } from './side-nav';
import { paths } from '../paths';

export function EnvironmentLayout() {
  const { t } = useTranslation('routes');
  const { projectId = '', envId = '' } = useParams();
  const entries: NavEntry[] = [
    { to: paths.environment(projectId, envId), label: 'environmentHome', icon: 'home', end: true },
    { to: paths.configuration(projectId, envId), label: 'configuration', icon: 'settings' },
    { to: paths.graph(projectId, envId), label: 'graph', icon: 'graph' },
    { to: paths.analyses(projectId, envId), label: 'analyses', icon: 'inbox' },
    { to: paths.icAnalyses(projectId, envId), label: 'icAnalyses', icon: 'inbox-geo' },
    { to: paths.dashboard(projectId, envId), label: 'dashboard', icon: 'dashboard' },
    { to: paths.testExtractor(projectId, envId), label: 'testExtractor', icon: 'lab-test' },
    { to: paths.testOcrDataExtraction(projectId, envId), label: 'testOcrDataExtraction', icon: 'media' },
  ];
  return (
    <AppChrome layout="environment" nav={<SideNav entries={entries} label={t('environmentHome')} />}>
      <Outlet />
    </AppChrome>
  );
}
