// @vitest-environment jsdom
/**
 * Screens opened offline on a device that never loaded their data: each says it is not available
 * offline, with a retry, instead of a spinner that never stops (their queries are paused until the
 * network returns, so nothing ever fails either).
 */
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { initI18n } from '../i18n/setup';
import { renderScreens } from './testing/screen-server';
import { AnalysisResultPage } from '../features/analyses/analysis-result-page';
import { LightResultPage } from '../features/analyses/light-result-page';
import { AlertsPage } from '../features/alerts/alerts-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { KitPage } from '../features/toolbox/kit-page';
import { ComponentPage } from '../features/toolbox/component-page';
import { InvitationPage } from '../features/organisations/invitation-page';
import { OrganisationSettingsPage } from '../features/organisations/organisation-settings-page';
import { ResultPage } from '../features/testing-center/runs/result-page';
import { OrganisationsIndex } from '../app/organisations-index';
import { IndexPage } from '../app/index-page';
import { storageKeys, writeEntry } from '../storage';


beforeAll(async () => {
  await initI18n('fr');
});

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

const SCREENS: { name: string; path: string; url: string; element: ReactElement }[] = [
  { name: 'an analysis', path: '/p/:projectId/e/:envId/analyses/:analysisId', url: '/p/1/e/2/analyses/3', element: <AnalysisResultPage /> },
  { name: "a light user's analysis", path: '/self/:envId/analyses', url: '/self/2/analyses?id=3', element: <LightResultPage /> },
  { name: 'the alerts', path: '/p/:projectId/e/:envId/alerts', url: '/p/1/e/2/alerts', element: <AlertsPage /> },
  { name: 'the dashboard', path: '/p/:projectId/e/:envId/dashboard', url: '/p/1/e/2/dashboard', element: <DashboardPage /> },
  { name: 'a toolbox kit', path: '/kits/:kitId', url: '/kits/k1', element: <KitPage orgaId="o1" kitId="k1" /> },
  { name: 'a toolbox component', path: '/components/:componentId', url: '/components/c1', element: <ComponentPage orgaId="o1" componentId="c1" kitId={null} /> },
  { name: 'an invitation', path: '/invitation/:token', url: '/invitation/t1', element: <InvitationPage /> },
  { name: "an organisation's settings", path: '/orga/:orgaId/settings', url: '/orga/o1/settings', element: <OrganisationSettingsPage /> },
  { name: 'a test run', path: '/p/:projectId/tests/:testId', url: '/p/1/tests/r1', element: <ResultPage /> },
  { name: 'the organisations index', path: '/orga', url: '/orga', element: <OrganisationsIndex /> },
  { name: 'the home page', path: '/', url: '/', element: <IndexPage /> },
];

describe('a screen whose data never loaded on this device, opened offline', () => {
  it.each(SCREENS)('$name says it is not available offline, with a retry', async ({ path, url, element }) => {
    // Signed in (the home page asks for the user only then); the token is never sent while offline.
    await writeEntry(storageKeys.token, 'offline-token');
    onlineManager.setOnline(false);
    renderScreens([{ path, element }], url);
    expect(await screen.findByRole('heading', { name: 'Pas encore disponible hors ligne' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    expect(screen.queryByLabelText(/Chargement/)).toBeNull();
  });
});
