/**
 * Product analytics adapter (spec §2.3): active only when the page runs on the configured console host,
 * autocapture off, and it receives only id, email, full name and the self-service flag — nothing else
 * of the user, never a token. The transport is injected so no vendor script ships with the console.
 */
import type { User } from '../contract/auth';

export interface AnalyticsIdentity {
  id: string;
  email: string;
  fullName: string;
  isLight: boolean;
}

export interface AnalyticsTransport {
  init(options: { autocapture: false }): void;
  identify(identity: AnalyticsIdentity): void;
}

export interface Analytics {
  readonly enabled: boolean;
  identify(user: User): void;
}

export function createAnalytics(options: {
  consoleHost: string | undefined;
  currentHost: string;
  transport: AnalyticsTransport | undefined;
}): Analytics {
  const enabled = Boolean(options.consoleHost && options.transport && options.currentHost === options.consoleHost);
  if (enabled) options.transport!.init({ autocapture: false });
  let lastId: string | undefined;
  return {
    enabled,
    identify(user) {
      if (!enabled || lastId === user.id) return;
      lastId = user.id;
      options.transport!.identify({
        id: user.id,
        email: user.email,
        fullName: `${user.firstname} ${user.lastname}`.trim(),
        isLight: user.isLight,
      });
    },
  };
}

/** The console's instance: no transport is bundled, so it stays off until one is configured. */
export const analytics = createAnalytics({
  consoleHost: import.meta.env.VITE_CONSOLE_HOST as string | undefined,
  currentHost: typeof window === 'undefined' ? '' : window.location.host,
  transport: undefined,
});
