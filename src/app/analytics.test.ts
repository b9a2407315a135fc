/** Product analytics: only on the console host, autocapture off, and nothing of the user but four fields. */
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../contract/auth';
import { createAnalytics, type AnalyticsTransport } from './analytics';

const CONSOLE_HOST = 'console.postroom.test';

function transport() {
  return { init: vi.fn(), identify: vi.fn() } satisfies AnalyticsTransport;
}

function user(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    firstname: 'Ada',
    lastname: 'Lovelace',
    username: 'ada.l',
    email: 'ada@postroom.test',
    position: 'Engineer',
    role: 'ROLE_PROVIDER_SRE',
    projectPermissions: [{ projectId: 'p1', profile: 'configurator' }],
    organisations: [{ id: 'o1', name: 'Org', guest: false, admin: false, contributor: true }],
    isLight: false,
    ...overrides,
  };
}

describe('when not on the console host', () => {
  it.each([
    ['another host', CONSOLE_HOST, 'preview.postroom.test'],
    ['no configured host', undefined, CONSOLE_HOST],
    ['an empty configured host', '', ''],
  ])('is disabled for %s and never calls the transport', (_label, consoleHost, currentHost) => {
    const t = transport();
    const analytics = createAnalytics({ consoleHost, currentHost, transport: t });
    analytics.identify(user());
    expect(analytics.enabled).toBe(false);
    expect(t.init).not.toHaveBeenCalled();
    expect(t.identify).not.toHaveBeenCalled();
  });

  it('is disabled without a transport, and identify does nothing', () => {
    const analytics = createAnalytics({ consoleHost: CONSOLE_HOST, currentHost: CONSOLE_HOST, transport: undefined });
    expect(analytics.enabled).toBe(false);
    expect(() => analytics.identify(user())).not.toThrow();
  });
});

describe('on the console host', () => {
  it('inits once with autocapture off', () => {
    const t = transport();
    const analytics = createAnalytics({ consoleHost: CONSOLE_HOST, currentHost: CONSOLE_HOST, transport: t });
    expect(analytics.enabled).toBe(true);
    expect(t.init).toHaveBeenCalledTimes(1);
    expect(t.init.mock.calls[0]![0]).toStrictEqual({ autocapture: false });
  });

  it('identifies with exactly id, email, full name and isLight', () => {
    const t = transport();
    const analytics = createAnalytics({ consoleHost: CONSOLE_HOST, currentHost: CONSOLE_HOST, transport: t });
    analytics.identify(user({ isLight: true }));

    expect(t.identify).toHaveBeenCalledTimes(1);
    const sent = t.identify.mock.calls[0]![0];
    expect(sent).toStrictEqual({ id: 'u1', email: 'ada@postroom.test', fullName: 'Ada Lovelace', isLight: true });
    expect(Object.keys(sent).sort()).toEqual(['email', 'fullName', 'id', 'isLight']);
    const serialised = JSON.stringify(sent);
    for (const leaked of ['ada.l', 'ROLE_PROVIDER_SRE', 'Engineer', 'p1', 'o1']) expect(serialised).not.toContain(leaked);
  });

  it('never forwards extra fields such as a token', () => {
    const t = transport();
    const analytics = createAnalytics({ consoleHost: CONSOLE_HOST, currentHost: CONSOLE_HOST, transport: t });
    analytics.identify({ ...user(), token: 'secret-token' } as User);
    expect(JSON.stringify(t.identify.mock.calls[0]![0])).not.toContain('secret-token');
  });

  it('identifies each user once', () => {
    const t = transport();
    const analytics = createAnalytics({ consoleHost: CONSOLE_HOST, currentHost: CONSOLE_HOST, transport: t });
    analytics.identify(user());
    analytics.identify(user());
    analytics.identify(user({ firstname: 'Changed' }));
    expect(t.identify).toHaveBeenCalledTimes(1);

    analytics.identify(user({ id: 'u2', email: 'grace@postroom.test', firstname: 'Grace', lastname: 'Hopper' }));
    expect(t.identify).toHaveBeenCalledTimes(2);
    expect(t.identify.mock.calls[1]![0]).toStrictEqual({
      id: 'u2',
      email: 'grace@postroom.test',
      fullName: 'Grace Hopper',
      isLight: false,
    });
  });
});
