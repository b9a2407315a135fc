import { useQuery } from '@tanstack/react-query';
import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { organisationQuery } from '../../api/organisation-query';
import { authQueries } from '../../features/auth/queries';
import { SupportOnlyNotice, useGhostedUser } from '../ghosting';
import { AppChrome } from './app-chrome';
import { LocationBar } from './location-bar';
import { SideNav, type NavEntry } from './side-nav';
import { paths } from '../paths';

export function OrganisationLayout() {
  const { t } = useTranslation('routes');
  const orgaId = useParams().orgaId ?? '';
  // Admin-only entries appear once the server says the caller administers this organisation (§6);
  // the screens themselves still say why they are closed to someone who types their address.
  const { data: user } = useQuery(authQueries.currentUser());
  const ghost = useGhostedUser();
  // Support reads an organisation only while acting as one of its users (the server refuses the rest).
  const supportAlone = user?.role === 'ROLE_PROVIDER_SUPPORT' && !ghost;
  const isAdmin = useQuery({ ...organisationQuery(orgaId), enabled: user !== undefined && !supportAlone }).data?.isAdmin === true;
  if (supportAlone) {
    return (
      <AppChrome layout="organisation" nav={<SideNav entries={[{ to: paths.orga(orgaId), label: 'orgaHome', icon: 'home', end: true }]} label={t('orgaHome')} />}>
        <SupportOnlyNotice />
      </AppChrome>
    );
  }
  // An external guest sees only the projects given (§6): neither the settings nor the consumption
  // (the server refuses the consumption and the member list to guests).
  const isGuest = user?.organisations.find((orga) => orga.id === orgaId)?.guest === true;
  const entries: NavEntry[] = [
    { to: paths.orga(orgaId), label: 'orgaHome', icon: 'home', end: true },
    ...(isGuest
      ? []
      : ([
          { to: paths.orgaSettings(orgaId), label: 'orgaSettings', icon: 'cog' },
          { to: paths.orgaConsumption(orgaId), label: 'orgaConsumption', icon: 'timeline-bar-chart' },
        ] satisfies NavEntry[])),
    ...(isAdmin
      ? ([
          { to: paths.inviteUser(orgaId), label: 'inviteUser', icon: 'new-person' },
          { to: paths.createUser(orgaId), label: 'createUser', icon: 'person' },
          { to: paths.auditLogs(orgaId), label: 'auditLogs', icon: 'history' },
          { to: paths.projectNew(orgaId), label: 'projectNew', icon: 'add' },
        ] satisfies NavEntry[])
      : []),
  ];
  return (
    <AppChrome layout="organisation" nav={<SideNav entries={entries} label={t('orgaHome')} />}>
      <LocationBar />
      <Outlet />
    </AppChrome>
  );
}
