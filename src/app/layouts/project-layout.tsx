import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFlag } from '../../storage/feature-flags';
import { AppChrome } from './app-chrome';
import { LocationBar } from './location-bar';
import { SideNav, type NavEntry } from './side-nav';
import { paths } from '../paths';

export function ProjectLayout() {
  const { t } = useTranslation('routes');
  const projectId = useParams().projectId ?? '';
  const versions = useFlag('projectVersions');
  const entries: NavEntry[] = [
    { to: paths.project(projectId), label: 'projectHome', icon: 'home', end: true },
    { to: paths.createEnv(projectId), label: 'createEnv', icon: 'add' },
    { to: paths.envManagement(projectId), label: 'envSettings', icon: 'cog' },
    ...(versions ? [{ to: paths.versions(projectId), label: 'versions', icon: 'git-branch' } as NavEntry] : []),
    { to: paths.messagesBank(projectId), label: 'testingCenter', icon: 'lab-test' },
  ];
  return (
    <AppChrome layout="project" nav={<SideNav entries={entries} label={t('projectHome')} />}>
      <LocationBar />
      <Outlet />
    </AppChrome>
  );
}
