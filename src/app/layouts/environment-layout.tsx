import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppChrome } from './app-chrome';
import { LocationBar } from './location-bar';
import { SideNav, type NavEntry, type NavGroup } from './side-nav';
import { paths } from '../paths';
import { configurationMenu, MENU_NAMESPACES, sectionTitleKey } from '../configuration-menu';

/** The environment's pages, then the §2.4 configuration menu in its groups (the same list as the configuration page). */
export function EnvironmentLayout() {
  const { t } = useTranslation(MENU_NAMESPACES);
  const { projectId = '', envId = '' } = useParams();
  const entries: NavEntry[] = [
    // A way back up (issue 19): the environment's project.
    { to: paths.project(projectId), label: 'navigation:sideNav.upToProject', icon: 'arrow-up', end: true },
    { to: paths.environment(projectId, envId), label: 'environmentHome', icon: 'home', end: true },
    { to: paths.configuration(projectId, envId), label: 'configuration', icon: 'settings', end: true },
    { to: paths.analyses(projectId, envId), label: 'analyses', icon: 'inbox' },
    { to: paths.icAnalyses(projectId, envId), label: 'icAnalyses', icon: 'inbox-geo' },
    { to: paths.dashboard(projectId, envId), label: 'dashboard', icon: 'dashboard' },
    { to: paths.testExtractor(projectId, envId), label: 'testExtractor', icon: 'lab-test' },
    { to: paths.testOcrDataExtraction(projectId, envId), label: 'testOcrDataExtraction', icon: 'media' },
  ];
  const groups: NavGroup[] = configurationMenu.map((section) => ({
    id: section.id,
    title: t(sectionTitleKey(section) as never),
    entries: section.entries.map((entry) => ({ to: entry.to(projectId, envId), label: entry.title, icon: entry.icon })),
  }));
  return (
    <AppChrome layout="environment" nav={<SideNav entries={entries} groups={groups} label={t('routes:environmentHome')} />}>
      <LocationBar />
      <Outlet />
    </AppChrome>
  );
}
