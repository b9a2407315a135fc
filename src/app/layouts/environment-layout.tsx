import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppChrome } from './app-chrome';
import { LocationBar } from './location-bar';
import { SideNav, type NavEntry, type NavGroup } from './side-nav';
import { paths } from '../paths';
import { usePageAccess } from '../page-access';
import { MissingItem } from '../../ui/missing-item';
import { useEnvironmentPresence, useProjectPresence } from './item-presence';
import { configurationMenu, SIDE_MENU_NAMESPACES, sectionTitleKey } from '../configuration-menu';

/** The environment's pages, then the §2.4 configuration menu in its groups (the same list as the configuration page). */
export function EnvironmentLayout() {
  const { t } = useTranslation(SIDE_MENU_NAMESPACES);
  const { t: tCommon } = useTranslation('common');
  const { projectId = '', envId = '' } = useParams();
  // Only the pages the caller's profile opens (§6, src/contract/page-access.ts): a cockpit user sees the dashboard.
  const mayOpen = usePageAccess();
  const project = useProjectPresence(projectId).presence;
  const environment = useEnvironmentPresence(projectId, envId).presence;
  const entries: NavEntry[] = ([
    // A way back up: the environment's project.
    { to: paths.project(projectId), label: 'navigation:sideNav.upToProject', icon: 'arrow-up', end: true },
    { to: paths.environment(projectId, envId), label: 'environmentHome', icon: 'home', end: true },
    { to: paths.configuration(projectId, envId), label: 'configuration', icon: 'settings', end: true },
    { to: paths.analyses(projectId, envId), label: 'analyses', icon: 'inbox' },
    { to: paths.icAnalyses(projectId, envId), label: 'icAnalyses', icon: 'inbox-geo' },
    { to: paths.dashboard(projectId, envId), label: 'dashboard', icon: 'dashboard' },
    { to: paths.testExtractor(projectId, envId), label: 'testExtractor', icon: 'lab-test' },
    { to: paths.testOcrDataExtraction(projectId, envId), label: 'testOcrDataExtraction', icon: 'media' },
  ] satisfies NavEntry[]).filter((entry) => mayOpen(entry.label));
  const groups: NavGroup[] = configurationMenu
    .map((section) => ({
      id: section.id,
      title: t(sectionTitleKey(section) as never),
      entries: section.entries.filter((entry) => mayOpen(entry.title)).map((entry) => ({ to: entry.to(projectId, envId), label: entry.title, icon: entry.icon })),
    }))
    .filter((group) => group.entries.length > 0);
  return (
    <AppChrome layout="environment" nav={<SideNav entries={entries} groups={groups} label={t('routes:environmentHome')} />}>
      <LocationBar />
      {project === 'missing' ? (
        <MissingItem missing={{ text: tCommon('missing.text.project'), back: { to: paths.organisations(), text: tCommon('missing.back.organisations') } }} />
      ) : environment === 'missing' ? (
        <MissingItem missing={{ text: tCommon('missing.text.environment'), back: { to: paths.project(projectId), text: tCommon('missing.back.project') } }} />
      ) : (
        <Outlet />
      )}
    </AppChrome>
  );
}
