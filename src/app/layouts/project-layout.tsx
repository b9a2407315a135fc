import { Outlet, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authQueries } from '../../features/auth/queries';
import { environmentQueries } from '../../features/environments/queries';
import { useFlag } from '../../storage/feature-flags';
import { AppChrome } from './app-chrome';
import { LocationBar } from './location-bar';
import { SideNav, type NavEntry } from './side-nav';
import { paths } from '../paths';

export function ProjectLayout() {
  const { t } = useTranslation('routes');
  const projectId = useParams().projectId ?? '';
  const versions = useFlag('projectVersions');
  // Offer only what the caller's profile on this project opens (§6; the server refuses the rest):
  // creating an environment takes a configurator, the testing center a qualifier.
  const { data: user } = useQuery(authQueries.currentUser());
  const profile = user?.projectPermissions.find((grant) => grant.projectId === projectId)?.profile;
  const configures = profile === 'configurator';
  const qualifies = configures || profile === 'qualifier';
  // A way back up (issue 19): the project's organisation, once the project (cached for the breadcrumbs) names it.
  const orgaId = useQuery(environmentQueries.project(projectId)).data?.organisationId;
  const entries: NavEntry[] = [
    ...(orgaId !== undefined ? [{ to: paths.orga(orgaId), label: 'navigation:sideNav.upToOrganisation', icon: 'arrow-up', end: true } as NavEntry] : []),
    { to: paths.project(projectId), label: 'projectHome', icon: 'home', end: true },
    ...(configures ? [{ to: paths.createEnv(projectId), label: 'createEnv', icon: 'add' } as NavEntry] : []),
    { to: paths.envManagement(projectId), label: 'envSettings', icon: 'cog' },
    ...(versions ? [{ to: paths.versions(projectId), label: 'versions', icon: 'git-branch' } as NavEntry] : []),
    ...(qualifies ? [{ to: paths.messagesBank(projectId), label: 'testingCenter', icon: 'lab-test' } as NavEntry] : []),
  ];
  return (
    <AppChrome layout="project" nav={<SideNav entries={entries} label={t('projectHome')} />}>
      <LocationBar />
      <Outlet />
    </AppChrome>
  );
}
