/**
 * The toolbox pages sit in the private layout, whose paths name no organisation: the
 * organisation whose toolbox is shown comes from `?orga=`, by default the user's first one they
 * contribute to (a cockpit-only member of an organisation may not read its toolbox: §6 "dashboard
 * only"; the SRE reads every one). Composed here because it reads the signed-in user (auth feature)
 * for the toolbox feature.
 */
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';

import { Pending } from '../ui/pending';
import { useTranslation } from 'react-i18next';
import { authQueries } from '../features/auth/queries';
import { ComponentPage } from '../features/toolbox/component-page';
import { KitPage } from '../features/toolbox/kit-page';
import { KitsPage } from '../features/toolbox/kits-page';
import { UseCasesPage } from '../features/use-cases/use-cases-page';
import { EmptyState } from '../ui/empty-state';

function useToolboxOrganisation() {
  const userQuery = useQuery(authQueries.currentUser());
  const user = userQuery.data;
  const [search, setSearch] = useSearchParams();
  const all = user?.organisations ?? [];
  const organisations = user?.role === 'ROLE_PROVIDER_SRE' ? all : all.filter((orga) => orga.contributor);
  const orgaId = search.get('orga') ?? organisations[0]?.id ?? null;
  const choose = (id: string) => setSearch({ orga: id });
  return { userQuery, orgaId, organisations, choose, search };
}

function Waiting({ userQuery }: { userQuery: ReturnType<typeof useToolboxOrganisation>['userQuery'] }) {
  const { t } = useTranslation(['toolbox', 'common']);
  return userQuery.isPending ? <Pending queries={[userQuery]} aria-label={t('common:loading')} /> : <EmptyState icon="cube" title={t('toolbox:kits.noOrganisation')} />;
}

export function KitsRoute() {
  const { userQuery, orgaId, organisations, choose } = useToolboxOrganisation();
  if (orgaId === null) return <Waiting userQuery={userQuery} />;
  return <KitsPage orgaId={orgaId} organisations={organisations} onOrganisation={choose} />;
}

export function KitRoute() {
  const { kitId = '' } = useParams();
  const { userQuery, orgaId } = useToolboxOrganisation();
  if (orgaId === null) return <Waiting userQuery={userQuery} />;
  return <KitPage key={kitId} orgaId={orgaId} kitId={kitId} />;
}

export function ComponentRoute() {
  const { componentId = '' } = useParams();
  const { userQuery, orgaId, search } = useToolboxOrganisation();
  if (orgaId === null) return <Waiting userQuery={userQuery} />;
  return <ComponentPage key={componentId} orgaId={orgaId} componentId={componentId} kitId={search.get('kit')} />;
}

export function UseCasesRoute() {
  const { userQuery, orgaId } = useToolboxOrganisation();
  if (orgaId === null) return <Waiting userQuery={userQuery} />;
  return <UseCasesPage orgaId={orgaId} />;
}
