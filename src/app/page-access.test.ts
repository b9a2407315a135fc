// @vitest-environment jsdom
/**
 * The page table (src/contract/page-access.ts) covers every route, and says no to the roles §6 keeps
 * out: a cockpit viewer off the mail, the testing center and the configuration; a guest off the
 * organisation settings; support off a project until it acts as a user; an admin off the SRE pages.
 */
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import type { User } from '../contract/auth';
import { PAGE_ACCESS } from '../contract/page-access';
import { isRouteHandle } from './route-handle';
import { mayOpenPage } from './page-access';
import { routes } from './routes';

function titlesOf(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(isRouteHandle(route.handle) && route.handle.title !== undefined ? [route.handle.title] : []),
    ...titlesOf(route.children ?? []),
  ]);
}

const user = (role: User['role'], extra: Partial<User> = {}): User => ({
  id: 'u',
  firstname: 'A',
  lastname: 'B',
  username: 'u',
  email: 'u@example.test',
  position: null,
  role,
  isLight: false,
  organisations: [{ id: 'demo', name: 'Démo', guest: false, admin: false, contributor: true }],
  projectPermissions: [],
  ...extra,
});
const on = { orgaId: 'demo', projectId: 'p', envId: 'e' };
const opens = (who: User, pages: string[]) => pages.filter((page) => mayOpenPage(page, who, on));

describe('the page table', () => {
  it('has an entry for every route, and none for a route that is gone', () => {
    const titles = [...new Set(titlesOf(routes))];
    expect(titles.filter((title) => !Object.hasOwn(PAGE_ACCESS, title))).toEqual([]);
    expect(Object.keys(PAGE_ACCESS).filter((name) => !titles.includes(name))).toEqual([]);
  });

  it('keeps a cockpit viewer to the dashboard and the alerts', () => {
    const viewer = user('ROLE_PROJECT_VIEWER', {
      organisations: [{ id: 'demo', name: 'Démo', guest: false, admin: false, contributor: false }],
      projectPermissions: [{ projectId: 'p', profile: 'cockpit' }],
    });
    expect(opens(viewer, ['orgaHome', 'projectHome', 'environmentHome', 'dashboard', 'alerts'])).toHaveLength(5);
    // §6 "dashboard only": no organisation-wide page either (members, consumption, toolbox, use cases).
    expect(opens(viewer, ['orgaSettings', 'orgaConsumption', 'kits', 'kit', 'component', 'useCasesLibrary'])).toEqual([]);
    expect(
      opens(viewer, ['analyses', 'analysis', 'messagesBank', 'qualification', 'messagesImport', 'tests', 'domainRules', 'domainRulesV2', 'nluArchetypes', 'nluTest', 'envSettings', 'versions', 'configuration']),
    ).toEqual([]);
  });

  it('gives a qualifier the testing center and the configuration reads, a configurator the rest', () => {
    const qualifier = user('ROLE_PROJECT_QUALIFIER', { projectPermissions: [{ projectId: 'p', profile: 'qualifier' }] });
    expect(opens(qualifier, ['messagesBank', 'domainRulesV2', 'analyses', 'nluArchetypes', 'envSettings'])).toHaveLength(5);
    expect(opens(qualifier, ['createEnv', 'webhooks', 'accessKeys', 'configurationIde', 'creationWizard'])).toEqual([]);
  });

  it('closes the organisation settings to a guest, opens them to its members to read, and its admin pages to its admins', () => {
    const guest = user('ROLE_PROJECT_QUALIFIER', { organisations: [{ id: 'demo', name: 'Démo', guest: true, admin: false, contributor: false }] });
    expect(opens(guest, ['orgaHome', 'orgaSettings', 'orgaConsumption', 'kits'])).toEqual(['orgaHome']);
    // A member working on one of its projects (contributor) reads them, toolbox and library included.
    expect(opens(user('ROLE_PROJECT_QUALIFIER'), ['orgaSettings', 'orgaConsumption', 'inviteUser', 'auditLogs', 'projectNew'])).toEqual(['orgaSettings', 'orgaConsumption']);
    expect(opens(user('ROLE_PROJECT_QUALIFIER'), ['kits', 'kit', 'component', 'useCasesLibrary'])).toHaveLength(4);
    const admin = user('ROLE_ORGANISATION_ADMIN', { organisations: [{ id: 'demo', name: 'Démo', guest: false, admin: true, contributor: true }] });
    expect(opens(admin, ['orgaSettings', 'inviteUser', 'auditLogs', 'projectNew'])).toHaveLength(4);
  });

  it('keeps the SRE pages to the SRE, and support out of projects until it acts as a user', () => {
    const admin = user('ROLE_ORGANISATION_ADMIN', { organisations: [{ id: 'demo', name: 'Démo', guest: false, admin: true, contributor: true }], projectPermissions: [{ projectId: 'p', profile: 'configurator' }] });
    expect(opens(admin, ['sreInboxcare', 'sreAnalyses', 'sreAnalysesCounter', 'sreOrganisations'])).toEqual([]);
    const sre = user('ROLE_PROVIDER_SRE');
    expect(opens(sre, ['sreInboxcare', 'sreOrganisations', 'dashboard', 'analyses', 'envSettings'])).toHaveLength(5);
    expect(opens(sre, ['messagesBank', 'orgaSettings', 'createEnv'])).toEqual([]);
    const support = user('ROLE_PROVIDER_SUPPORT');
    expect(opens(support, ['projectHome', 'dashboard', 'analyses', 'orgaSettings', 'orgaConsumption', 'kits', 'sreInboxcare'])).toEqual([]);
    expect(opens(support, ['orgaHome', 'profile'])).toEqual(['orgaHome', 'profile']);
  });
});
