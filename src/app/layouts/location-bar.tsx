/**
 * The header of every page below an organisation (a way around): breadcrumbs
 * organisation › project › environment › page, each a link, and on environment pages a switcher to
 * the project's other environments that keeps the page (cut before the first item id, which belongs
 * to this environment only). Names come from the same cached queries the screens use.
 */
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { HTMLSelect } from '@blueprintjs/core';
import { BreadcrumbTrail, type TrailItem } from '../../ui/breadcrumb-trail';
import { useTranslation } from 'react-i18next';
import { useEnvironmentPresence, useOrganisationPresence, useProjectPresence, type Presence } from './item-presence';
import { useRouteTitleKey } from '../page-title';
import { paths } from '../paths';
import { samePageIn } from '../same-page';

/** Pages that are a level's own home: their crumb is the level itself. */
const HOMES = new Set(['orgaHome', 'projectHome', 'environmentHome']);

export function LocationBar() {
  const { t } = useTranslation(['routes', 'navigation', 'common']);
  const params = useParams();
  const { orgaId: orgaParam, projectId, envId } = params;
  // The env-management pages name their environment in the query (`?envId=`): it is a crumb there too.
  const [search] = useSearchParams();
  const crumbEnvId = envId ?? search.get('envId') ?? undefined;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const titleKey = useRouteTitleKey();
  const { project, presence: projectPresence } = useProjectPresence(projectId);
  const orgaId = orgaParam ?? project.data?.organisationId;
  const { organisation, presence: orgaPresence } = useOrganisationPresence(orgaId);
  const { alive, environment, presence: envPresence } = useEnvironmentPresence(projectId, crumbEnvId);

  // A name still loading is "…"; an item the server does not know says so; one that failed to load shows its id.
  const crumb = (name: string | undefined, presence: Presence, id: string, missing: 'organisation' | 'project' | 'environment') =>
    name ?? (presence === 'missing' ? t(`common:missing.crumb.${missing}`) : presence === 'pending' ? '…' : id);
  const items: TrailItem[] = [];
  if (orgaId !== undefined) items.push({ text: crumb(organisation.data?.name, orgaPresence, orgaId, 'organisation'), href: paths.orga(orgaId) });
  if (projectId !== undefined) items.push({ text: crumb(project.data?.name, projectPresence, projectId, 'project'), href: paths.project(projectId) });
  if (projectId !== undefined && crumbEnvId !== undefined) items.push({ text: crumb(environment?.name, envPresence, crumbEnvId, 'environment'), href: paths.environment(projectId, crumbEnvId) });
  if (titleKey !== undefined && !HOMES.has(titleKey)) items.push({ text: t(`routes:${titleKey}` as never) });
  // The last crumb is the page the user is on: not a link.
  const last = items.at(-1);
  if (last !== undefined) items[items.length - 1] = { ...last, href: undefined, current: true };

  const itemIds = Object.entries(params)
    .filter(([name, value]) => !['orgaId', 'projectId', 'envId', '*'].includes(name) && value !== undefined)
    .map(([, value]) => value!);

  return (
    <div className="p-location-bar" data-testid="location-bar">
      <BreadcrumbTrail items={items} />
      {projectId !== undefined && envId !== undefined && alive.length > 1 && (
        <HTMLSelect
          aria-label={t('navigation:switcher.label')}
          className="p-location-bar__switcher"
          value={envId}
          onChange={(event) => void navigate(samePageIn(pathname, { projectId, envId }, event.currentTarget.value, itemIds))}
          options={alive.map((env) => ({ value: env.id, label: env.name }))}
        />
      )}
    </div>
  );
}
