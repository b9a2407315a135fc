// @vitest-environment jsdom
/** The navigation guard of spec §2.3 against a real local HTTP server answering the user endpoint. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LoaderFunctionArgs } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { configureRequestLayer } from '../api/request-layer';
import { loadStore, readEntry, storageKeys, writeEntry } from '../storage';
import { db } from '../storage/db';
import { attachToastListener, type Toast } from '../ui/toasts/toast-service';
import { guard, type GuardDeps } from './guard';
import { routes } from './routes';
import { logout } from './session';
import type { Analytics } from './analytics';
import type { User } from '../contract/auth';

const user = (overrides: Partial<User> = {}): User => ({
  id: 'u1',
  firstname: 'Ada',
  lastname: 'Admin',
  username: 'admin',
  email: 'admin@demo.postroom.test',
  position: null,
  role: 'ROLE_ORGANISATION_ADMIN',
  projectPermissions: [],
  organisations: [{ id: 'o1', name: 'Démo', guest: false, admin: false, contributor: true }],
  isLight: false,
  ...overrides,
});

let server: Server;
let answer: { status: number; body: unknown } = { status: 200, body: user() };
let userRequests = 0;
const toasts: Toast[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/v4/console/api/user') userRequests++;
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureRequestLayer({
    baseUrl: `http://127.0.0.1:${port}`,
    getCredentials: () => ({ token: readEntry<string>(storageKeys.token) }),
    handlers: { onUnauthorized: () => logout() },
  });
  attachToastListener((toast) => toasts.push(toast));
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let identified: User[] = [];
let shown: string | undefined;
let deps: GuardDeps;

beforeEach(async () => {
  await db.entries.clear();
  await loadStore();
  answer = { status: 200, body: user() };
  userRequests = 0;
  toasts.length = 0;
  identified = [];
  shown = undefined;
  const analytics: Analytics = { enabled: true, identify: (u) => identified.push(u) };
  deps = { routes, queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }), analytics, shownLocation: () => shown };
});

const args = (path: string) =>
  ({ request: new Request(`http://console.test${path}`), params: {}, context: undefined }) as unknown as LoaderFunctionArgs;

async function outcome(path: string): Promise<{ redirect?: string; error?: unknown }> {
  try {
    await guard(args(path), deps);
    return {};
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get('Location') ?? '' };
    return { error: thrown };
  }
}

describe('navigation guard', () => {
  it('sends a user without a token from a private page to Login, keeping the target and saying why', async () => {
    const result = await outcome('/orga/o1/settings?tab=2');
    expect(result.redirect).toBe('/login?redirect=%2Forga%2Fo1%2Fsettings%3Ftab%3D2');
    expect(readEntry(storageKeys.postLoginRedirect)).toBe('/orga/o1/settings?tab=2');
    expect(toasts.map((t) => t.severity)).toEqual(['info']);
    expect(userRequests).toBe(0);
  });

  it('lets a user without a token open login and public pages', async () => {
    expect(await outcome('/login')).toEqual({});
    expect(await outcome('/')).toEqual({});
  });

  it('sends a signed-in user away from login pages to the stored target, once, or to /', async () => {
    await writeEntry(storageKeys.token, 't');
    await writeEntry(storageKeys.postLoginRedirect, '/project/p1');
    expect((await outcome('/login')).redirect).toBe('/project/p1');
    expect(readEntry(storageKeys.postLoginRedirect)).toBeUndefined();
    expect((await outcome('/forgot-password')).redirect).toBe('/');
  });

  it('loads the user once when a token exists and identifies them in analytics', async () => {
    // A token of user u1 (the console reads only its subject: whose caches they are).
    await writeEntry(storageKeys.token, `e30.${btoa(JSON.stringify({ sub: 'u1' })).replace(/=+$/, '')}.signature`);
    expect(await outcome('/orga/o1')).toEqual({});
    expect(await outcome('/orga/o1/settings')).toEqual({});
    expect(userRequests).toBe(1);
    expect(identified.map((u) => u.id)).toEqual(['u1', 'u1']);
    expect(readEntry(storageKeys.sessionUserId)).toBe('u1');
  });

  it('stops the first navigation when the user cannot be loaded', async () => {
    await writeEntry(storageKeys.token, 't');
    answer = { status: 500, body: { message: 'down' } };
    const result = await outcome('/orga/o1');
    expect(result.error).toBeDefined();
    expect(toasts.some((t) => t.severity === 'info')).toBe(true);
  });

  it('cancels a later navigation when the user cannot be loaded: back to the page shown', async () => {
    await writeEntry(storageKeys.token, 't');
    answer = { status: 500, body: { message: 'down' } };
    shown = '/profile';
    expect((await outcome('/orga/o1')).redirect).toBe('/profile');
    // The return trip is let through without another attempt.
    expect(await outcome('/profile')).toEqual({});
    expect(userRequests).toBe(1);
  });

  it('goes to Login when the token is refused (401)', async () => {
    await writeEntry(storageKeys.token, 'expired');
    answer = { status: 401, body: { message: 'Invalid token' } };
    expect((await outcome('/orga/o1')).redirect).toBe('/login?redirect=%2Forga%2Fo1');
    expect(readEntry(storageKeys.token)).toBeUndefined();
  });

  it('sends a light user from every page of the full console to self-service', async () => {
    await writeEntry(storageKeys.token, 't');
    answer = { status: 200, body: user({ isLight: true, role: 'ROLE_PROJECT_SELF_SERVICE' }) };
    for (const path of [
      '/orga/o1',
      '/orga',
      '/project/p1/environment/e1/analyses',
      '/project/p1/testing-center/messages-bank',
      '/toolbox',
      '/toolbox/kits',
      '/toolbox/kits/k1',
      '/toolbox/components/c1',
      '/use-cases-library',
      '/consumption',
      '/files-viewer',
      '/admin/sre-inboxcare',
      '/integrations/jira/callback?state=s&code=c',
      '/integrations/external',
    ]) {
      expect((await outcome(path)).redirect, path).toBe('/self');
    }
  });

  it('lets a light user open self-service, their account pages and the webmail callback', async () => {
    await writeEntry(storageKeys.token, 't');
    answer = { status: 200, body: user({ isLight: true, role: 'ROLE_PROJECT_SELF_SERVICE' }) };
    for (const path of [
      '/self',
      '/self/new',
      '/self/e1/analyses/result?id=a1',
      '/self/e1/settings',
      '/profile',
      '/profile/password',
      '/utils/local-storage-cleaner',
      '/integrations/gmail/callback?state=e1.self.n&code=c',
      '/',
      '/no/such/page',
    ]) {
      expect(await outcome(path), path).toEqual({});
    }
  });

  it('lets full-console users open the full console (and self-service, which tells them it is not theirs)', async () => {
    await writeEntry(storageKeys.token, 't');
    for (const path of ['/toolbox/kits', '/use-cases-library', '/consumption', '/orga/o1', '/self']) {
      expect(await outcome(path), path).toEqual({});
    }
  });

  it('asks the server again before refusing a page: a project created or granted since the user was loaded opens', async () => {
    await writeEntry(storageKeys.token, 't');
    expect(await outcome('/orga/o1')).toEqual({});
    // The cached user has no right on p2 yet; the server now says configurator.
    answer = { status: 200, body: user({ projectPermissions: [{ projectId: 'p2', profile: 'configurator' }] }) };
    expect(await guard(args('/project/p2/versions'), deps)).toBeNull();
    // Still no right on p3 once asked again: the no-access page.
    expect(await guard(args('/project/p3/versions'), deps)).toEqual({ noAccess: true });
  });

  it('removes stray tooltips on every navigation', async () => {
    document.body.innerHTML = '<div class="bp6-portal"><div class="bp6-tooltip">tip</div></div><p>kept</p>';
    await outcome('/login');
    expect(document.querySelector('.bp6-tooltip')).toBeNull();
    expect(document.body.textContent).toContain('kept');
  });
});
