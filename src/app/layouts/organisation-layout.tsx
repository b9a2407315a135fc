import { useQuery } from '@tanstack/react-query';
import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authQueries } from '../../features/auth/queries';
import { useGhostedUser } from '../ghosting';
import { SupportOnlyNotice } from '../ghost-dialog-on-demand';
import { AppChrome } from './app-chrome';
import { LocationBar } from './location-bar';
import { SideNav, type NavEntry } from './side-nav';
import { paths } from '../paths';
import { usePageAccess } from '../page-access';
import { MissingItem } from '../../ui/missing-item';
import { useOrganisationPresence } from './item-presence';

export function OrganisationLayout() {
  const { t } = useTranslation(['routes', 'common']);
  const orgaId = useParams().orgaId ?? '';
  const { presence } = useOrganisationPresence(orgaId);
  const { data: user } = useQuery(authQueries.currentUser());
  const ghost = useGhostedUser();
  // Support reads an organisation only while acting as one of its users (the server refuses the rest).
  const supportAlone = user?.role === 'ROLE_PROVIDER_SUPPORT' && !ghost;
  // Only the pages the caller may open here (§6, src/contract/page-access.ts): the settings (members)
  // and the consumption for its contributors (not external guests nor cockpit-only members), the
  // member and project forms for its admins.
  const mayOpen = usePageAccess();
  if (supportAlone) {
    return (
      <AppChrome layout="organisation" nav={<SideNav entries={[{ to: paths.orga(orgaId), label: 'orgaHome', icon: 'home', end: true }]} label={t('orgaHome')} />}>
        <SupportOnlyNotice />
      </AppChrome>
    );
  }
  const entries: NavEntry[] = ([
    { to: paths.orga(orgaId), label: 'orgaHome', icon: 'home', end: true },
    { to: paths.orgaSettings(orgaId), label: 'orgaSettings', icon: 'cog' },
    { to: paths.orgaConsumption(orgaId), label: 'orgaConsumption', icon: 'timeline-bar-chart' },
    { to: paths.inviteUser(orgaId), label: 'inviteUser', icon: 'new-person' },
    { to: paths.createUser(orgaId), label: 'createUser', icon: 'person' },
    { to: paths.auditLogs(orgaId), label: 'auditLogs', icon: 'history' },
    { to: paths.projectNew(orgaId), label: 'projectNew', icon: 'add' },
  ] satisfies NavEntry[]).filter((entry) => mayOpen(entry.label));
  return (
    <AppChrome layout="organisation" nav={<SideNav entries={entries} label={t('orgaHome')} />}>
      <LocationBar />
      {presence === 'missing' ? (
        <MissingItem missing={{ text: t('common:missing.text.organisation'), back: { to: paths.organisations(), text: t('common:missing.back.organisations') } }} />
      ) : (
        <Outlet />
      )}
    </AppChrome>
  );
}
