// @vitest-environment jsdom
/** Every path of spec §2.2 resolves to the right layout, access rule or redirect. */
import { describe, expect, it } from 'vitest';
import { matchRoutes, type LoaderFunctionArgs } from 'react-router';
import { routes } from './routes';
import { resolveRouteHandle } from './guard';
import { paths } from './paths';

const layoutOf = (path: string) => resolveRouteHandle(routes, path);

async function redirectOf(url: string): Promise<string | undefined> {
  const { pathname } = new URL(url, 'http://console.test');
  const matches = matchRoutes(routes, pathname) ?? [];
  const leaf = matches[matches.length - 1];
  const loader = leaf?.route.loader;
  if (!leaf || typeof loader !== 'function' || leaf.route.id === 'root') return undefined;
  try {
    const result = await loader({
      request: new Request(new URL(url, 'http://console.test')),
      params: leaf.params,
      context: undefined,
    } as unknown as LoaderFunctionArgs);
    return result instanceof Response ? (result.headers.get('Location') ?? undefined) : undefined;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location') ?? undefined;
    throw thrown;
  }
}

describe('route table', () => {
  it.each([
    ['/login', 'login', 'guest'],
    ['/forgot-password', 'login', 'guest'],
    ['/reset-password/abc', 'login', 'guest'],
    ['/oauth/google', 'login', 'guest'],
    ['/oidc/callback', 'login', 'guest'],
    ['/admin/sre-inboxcare', 'private', 'private'],
    ['/admin/sre-analyses', 'private', 'private'],
    ['/admin/sre-analyses-counter', 'private', 'private'],
    ['/use-cases-library', 'private', 'private'],
    ['/toolbox/kits', 'private', 'private'],
    ['/toolbox/kits/k1', 'private', 'private'],
    ['/toolbox/components/c1', 'private', 'private'],
    ['/files-viewer', 'private', 'private'],
    ['/consumption', 'private', 'private'],
    ['/profile', 'private', 'private'],
    ['/profile/password', 'private', 'private'],
    ['/utils/local-storage-cleaner', 'private', 'private'],
    ['/orga/o1', 'organisation', 'private'],
    ['/orga/o1/settings', 'organisation', 'private'],
    ['/orga/o1/consumption', 'organisation', 'private'],
    ['/orga/o1/invite-user', 'organisation', 'private'],
    ['/orga/o1/create-user', 'organisation', 'private'],
    ['/orga/o1/audit-logs', 'organisation', 'private'],
    ['/orga/o1/project-new', 'organisation', 'private'],
    ['/project/p1', 'project', 'private'],
    ['/project/p1/env-new', 'project', 'private'],
    ['/project/p1/env-management/settings', 'project', 'private'],
    ['/project/p1/env-management/import-export', 'project', 'private'],
    ['/project/p1/env-management/access-keys', 'project', 'private'],
    ['/project/p1/env-management/webhooks', 'project', 'private'],
    ['/project/p1/env-management/integrations', 'project', 'private'],
    ['/project/p1/versions', 'project', 'private'],
    ['/project/p1/testing-center/messages-bank', 'testingCenter', 'private'],
    ['/project/p1/testing-center/messages-bank/qualification', 'testingCenter', 'private'],
    ['/project/p1/testing-center/messages-bank/import', 'testingCenter', 'private'],
    ['/project/p1/testing-center/messages-bank/tests', 'testingCenter', 'private'],
    ['/project/p1/testing-center/messages-bank/tests/t1', 'testingCenter', 'private'],
    ['/project/p1/testing-center/messages-bank/parameters', 'testingCenter', 'private'],
    ['/project/p1/testing-center/messages-bank/domain-rules', 'testingCenter', 'private'],
    ['/project/p1/testing-center/messages-bank/domain-rules-v2', 'testingCenter', 'private'],
    ['/project/p1/environment/e1', 'environment', 'private'],
    ['/project/p1/environment/e1/configuration', 'environment', 'private'],
    ['/project/p1/environment/e1/graph', 'environment', 'private'],
    ['/project/p1/environment/e1/analyses', 'environment', 'private'],
    ['/project/p1/environment/e1/analyses/a1', 'environment', 'private'],
    ['/project/p1/environment/e1/ic-analyses', 'environment', 'private'],
    ['/project/p1/environment/e1/ic-analyses/a1', 'environment', 'private'],
    ['/project/p1/environment/e1/dashboard', 'environment', 'private'],
    ['/project/p1/environment/e1/dashboard/alerts', 'environment', 'private'],
    ['/project/p1/environment/e1/test-ocrDataExtraction', 'environment', 'private'],
    ['/integrations/salesforce/callback', 'none', 'private'],
    ['/integrations/external', 'none', 'private'],
    ['/integrations/jira/callback', 'none', 'private'],
    ['/integrations/gmail/callback', 'none', 'private'],
    ['/self', 'selfService', 'private'],
    ['/self/new', 'selfService', 'private'],
    ['/self/e1', 'selfService', 'private'],
    ['/self/e1/analyses', 'selfService', 'private'],
    ['/self/e1/analyses/result', 'selfService', 'private'],
    ['/self/e1/dashboard', 'selfService', 'private'],
    ['/self/e1/settings', 'selfService', 'private'],
  ])('%s is in the %s layout (%s)', (path, layout, access) => {
    const handle = layoutOf(path);
    expect(handle.layout).toBe(layout);
    expect(handle.access).toBe(access);
    expect(handle.title, `${path} has a title`).toBeTruthy();
    expect(handle.title).not.toBe('notFound');
  });

  it('shows an index page at the root and a not-found page for unknown top-level paths', () => {
    expect(layoutOf('/').title).toBe('index');
    expect(layoutOf('/no/such/page').title).toBe('notFound');
  });

  it.each([
    ['/admin', '/admin/sre-inboxcare'],
    ['/sre/replay-categorisations', '/admin/sre-inboxcare'],
    ['/admin/sre/replay-categorisations', '/admin/sre-inboxcare'],
    ['/toolbox', '/toolbox/kits'],
    ['/project/p1/testing-center', '/project/p1/testing-center/messages-bank'],
    ['/project/p1/env-management', '/project/p1/env-management/settings'],
    ['/project/p1/env-management?envId=e1', '/project/p1/env-management/settings?envId=e1'],
    ['/project/p1/env-management?activePage=webhooks&envId=e1', '/project/p1/env-management/webhooks?envId=e1'],
    ['/project/p1/env-management?activePage=access-keys', '/project/p1/env-management/access-keys'],
    ['/project/p1/env-management?activePage=unknown&x=1', '/project/p1/env-management/settings?x=1'],
    ['/orga/o1/unknown/sub', '/orga/o1'],
    ['/project/p1/whatever', '/project/p1'],
    ['/project/p1/environment/e1/nope', '/project/p1/environment/e1'],
    ['/v2/orga/o1/settings?tab=1#top', '/orga/o1/settings?tab=1#top'],
    ['/v2/project/p1', '/project/p1'],
    ['/self/e1', '/self/e1/analyses'],
    ['/self/e1/nope', '/self/e1/analyses'],
  ])('%s redirects to %s', async (from, to) => {
    expect(await redirectOf(from)).toBe(to);
  });

  it('builds the named CreateEnv route from the project id only', () => {
    expect(paths.createEnv('p 1')).toBe('/project/p%201/env-new');
    const match = matchRoutes(routes, paths.createEnv('p1'))?.at(-1);
    expect(match?.route.id).toBe('CreateEnv');
  });
});
