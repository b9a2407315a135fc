import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppChrome } from './app-chrome';
import { SideNav } from './side-nav';
import { paths } from '../paths';

export function OrganisationLayout() {
  const { t } = useTranslation('routes');
  const orgaId = useParams().orgaId ?? '';
  const entries = [
    { to: paths.orga(orgaId), label: 'orgaHome', icon: 'home', end: true },
    { to: paths.orgaSettings(orgaId), label: 'orgaSettings', icon: 'cog' },
    { to: paths.orgaConsumption(orgaId), label: 'orgaConsumption', icon: 'timeline-bar-chart' },
    { to: paths.inviteUser(orgaId), label: 'inviteUser', icon: 'new-person' },
    { to: paths.createUser(orgaId), label: 'createUser', icon: 'person' },
    { to: paths.auditLogs(orgaId), label: 'auditLogs', icon: 'history' },
    { to: paths.projectNew(orgaId), label: 'projectNew', icon: 'add' },
  ] as const;
  return (
    <AppChrome layout="organisation" nav={<SideNav entries={[...entries]} label={t('orgaHome')} />}>
      <Outlet />
    </AppChrome>
  );
}
