import { describe, expect, it } from 'vitest';
import type { User } from '../contract/auth';
import { resources } from '../i18n/resources';
import { menuPages } from './menu-pages';
import { filterTargets, type NavigationTarget } from './rapid-navigation-targets';

const user = (role: User['role'], organisations: User['organisations'], isLight = false) => ({ role, organisations, isLight, projectPermissions: [] });
const ids = (u: ReturnType<typeof user>, ghosting = false, buc = true) => menuPages(u, ghosting, { buc }).map((page) => page.id);
const demo = { id: 'demo', name: 'Démo', guest: false, admin: false, contributor: true };

describe('the user menu by role', () => {
  it('offers members the toolbox, use cases, files viewer and consumption, not the SRE screens', () => {
    expect(ids(user('ROLE_PROJECT_VIEWER', [demo]))).toEqual(
      expect.arrayContaining(['profile', 'toolbox', 'useCases', 'filesViewer', 'consumption', 'localStorage']),
    );
    expect(ids(user('ROLE_PROJECT_VIEWER', [demo]))).not.toContain('sreInboxcare');
  });

  it('offers an external guest neither the toolbox nor consumption (the server refuses both)', () => {
    const guest = ids(user('ROLE_PROJECT_QUALIFIER', [{ ...demo, guest: true, contributor: false }]));
    expect(guest).not.toContain('toolbox');
    expect(guest).not.toContain('useCases');
    expect(guest).not.toContain('consumption');
    expect(guest).toContain('filesViewer');
  });

  it('offers a cockpit-only member neither the toolbox, the use-case library nor consumption (§6 "dashboard only")', () => {
    const cockpit = ids(user('ROLE_PROJECT_VIEWER', [{ ...demo, contributor: false }]));
    expect(cockpit).not.toContain('toolbox');
    expect(cockpit).not.toContain('useCases');
    expect(cockpit).not.toContain('consumption');
    expect(cockpit).toEqual(expect.arrayContaining(['profile', 'password', 'filesViewer']));
    // Contributing to one of their organisations is enough.
    expect(ids(user('ROLE_PROJECT_VIEWER', [{ ...demo, contributor: false }, { ...demo, id: 'other' }]))).toContain('toolbox');
  });

  it('offers the SRE its screens, but not while the account is acting as someone', () => {
    expect(ids(user('ROLE_PROVIDER_SRE', [demo]))).toEqual(expect.arrayContaining(['sreInboxcare', 'sreAnalyses', 'sreCounter', 'sreOrganisations', 'toolbox']));
    expect(ids(user('ROLE_PROVIDER_SRE', [demo]), true)).not.toContain('sreInboxcare');
    expect(ids(user('ROLE_PROVIDER_SUPPORT', [demo]))).not.toContain('sreInboxcare');
  });

  it('offers light users their account pages only, whatever the BUC flag', () => {
    for (const buc of [true, false]) {
      expect(ids(user('ROLE_PROJECT_SELF_SERVICE', [demo], true), false, buc)).toEqual(['profile', 'password', 'localStorage']);
    }
  });

  it('offers the use-case library (experimental light edition) only with the BUC flag on', () => {
    for (const member of [user('ROLE_PROJECT_VIEWER', [demo]), user('ROLE_ORGANISATION_ADMIN', [demo]), user('ROLE_PROVIDER_SRE', [])]) {
      expect(ids(member, false, true)).toContain('useCases');
      expect(ids(member, false, false)).not.toContain('useCases');
      // The toolbox is no part of the light edition: there either way.
      expect(ids(member, false, false)).toContain('toolbox');
    }
  });
});

describe('rapid navigation results', () => {
  const items: NavigationTarget[] = [
    { kind: 'recent', label: 'Analyses', path: '/project/p/environment/e/analyses' },
    { kind: 'organisation', label: 'Démo', path: '/orga/demo' },
    { kind: 'project', label: 'Courrier entrant', path: '/project/p' },
    { kind: 'environment', label: 'Recette', path: '/project/p/environment/e/analyses' },
    { kind: 'page', label: 'Visionneuse de fichiers', path: '/files-viewer' },
  ];

  it('shows only the recent pages before anything is typed', () => {
    expect(filterTargets('  ', items).map((item) => item.kind)).toEqual(['recent']);
  });

  it('finds organisations, projects, environments and menu pages, ignoring accents and case', () => {
    expect(filterTargets('demo', items).map((item) => item.label)).toEqual(['Démo']);
    expect(filterTargets('VISIONNEUSE', items).map((item) => item.kind)).toEqual(['page']);
    // The environment found as itself hides the same page listed as recent.
    expect(filterTargets('recette', items).map((item) => item.kind)).toEqual(['environment']);
  });

  it('names the SRE screens in French in the French console', () => {
    const french = (key: string) => {
      const [namespace, path] = key.split(':') as [keyof typeof resources.fr, string];
      return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources.fr[namespace]);
    };
    const labels = menuPages(user('ROLE_PROVIDER_SRE', [demo]), false, { buc: true })
      .filter((page) => page.id.startsWith('sre'))
      .map((page) => french(page.labelKey));
    expect(labels).toContain('Analyses de boîtes de réception (SRE)');
    const shown = [...labels, french('sre:analyses.title.inboxcare'), french('sre:analyses.hint.inboxcare'), french('routes:sreInboxcare')];
    expect(shown.filter((text) => typeof text !== 'string' || /\binbox\b/i.test(text))).toEqual([]);
  });
});
