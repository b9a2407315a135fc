/** Every dashboard and alert error code has fr and en text, and the §8 messages are the spec's. */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { ALERT_ERROR_CODES } from './alerts';
import { DASHBOARD_ERROR_CODES } from './dashboard';

describe('dashboard codes', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const ns = resources[language].dashboard as { errors: Record<string, string>; alerts: { errors: Record<string, string> } };
    expect(DASHBOARD_ERROR_CODES.filter((code) => !ns.errors[code])).toEqual([]);
    expect(ALERT_ERROR_CODES.filter((code) => !ns.alerts.errors[code])).toEqual([]);
  });

  it("say §8's 'Impossible to load the dashboard' and 'Dashboards are not available on this deployment.'", () => {
    expect(resources.en.dashboard.errors.loadFailed).toBe('Impossible to load the dashboard');
    expect(resources.en.dashboard.errors.dashboardsDisabled).toBe('Dashboards are not available on this deployment.');
  });
});
