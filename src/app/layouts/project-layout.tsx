import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFlag } from '../../storage/feature-flags';
import { AppChrome } from './app-chrome';
import { LocationBar } from './location-bar';
import { SideNav, type NavEntry } from './side-nav';
import { paths } from '../paths';
import { usePageAccess } from '../page-access';
import { MissingItem } from '../../ui/missing-item';
import { useProjectPresence } from './item-presence';

export function ProjectLayout() {
  const { t } = useTranslation(['routes', 'common']);
  const projectId = useParams().projectId ?? '';
  const versions = useFlag('projectVersions');
  // Offer only the pages the caller's profile on this project opens (§6, src/contract/page-access.ts).
  const mayOpen = usePageAccess();
  // A way back up: the project's organisation, once the project (cached for the breadcrumbs) names it.
  const { project, presence } = useProjectPresence(projectId);
  const orgaId = project.data?.organisationId;
  const entries: NavEntry[] = [
    ...(orgaId !== undefined ? [{ to: paths.orga(orgaId), label: 'navigation:sideNav.upToOrganisation', icon: 'arrow-up', end: true } as NavEntry] : []),
    { to: paths.project(projectId), label: 'projectHome', icon: 'home', end: true },
    ...(mayOpen('createEnv') ? [{ to: paths.createEnv(projectId), label: 'createEnv', icon: 'add' } as NavEntry] : []),
    ...(mayOpen('envSettings') ? [{ to: paths.envManagement(projectId), label: 'envSettings', icon: 'cog' } as NavEntry] : []),
    ...(versions && mayOpen('versions') ? [{ to: paths.versions(projectId), label: 'versions', icon: 'git-branch' } as NavEntry] : []),
    ...(mayOpen('messagesBank') ? [{ to: paths.messagesBank(projectId), label: 'testingCenter', icon: 'lab-test' } as NavEntry] : []),
  ];
  return (
    <AppChrome layout="project" nav={<SideNav entries={entries} label={t('projectHome')} />}>
      <LocationBar />
      {presence === 'missing' ? (
        <MissingItem missing={{ text: t('common:missing.text.project'), back: { to: paths.organisations(), text: t('common:missing.back.organisations') } }} />
      ) : (
        <Outlet />
      )}
    </AppChrome>
  );
}
