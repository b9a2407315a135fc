/**
 * The members, integrations and analyses tables at a phone's width (390 px) and at 200 % zoom (a
 * 1280 px window lays out 640 CSS px): no header broken inside a word, no clipped button, and each
 * row's actions reachable by their names. One page, resized, for every screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { paths } from '../../src/app/paths';
import { apiAs, scratchEnvironment, type Api } from './support/api';
import { launchBrowser, newPage, openPage } from './support/browser';
import { layoutProblems } from './support/layout-problems';
import { signedInPage } from './support/session';

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 640, height: 400 },
];

let browser: Browser;
let page: Page;
let api: Api;
let envId: string;

beforeAll(async () => {
  api = await apiAs('admin');
  envId = await scratchEnvironment(api, 'demo-nlu', `tables-narrow-${Date.now()}`);
  await api('POST', `/v4/console/api/environment/${envId}/analyses/simulated-mail`, {
    name: 'Réclamation concernant une livraison incomplète',
    sender: 'client@example.test',
    recipient: 'service@example.test',
    subject: 'Livraison incomplète',
    body: 'Bonjour, il manque un colis.',
    attachments: [],
  });
  await api('POST', `/v4/console/api/environment/${envId}/connectors`, {
    name: 'Boîte de réception du service réclamations',
    settings: { type: 'imap', imap: { host: 'imap.example.com', user: 'reclamations@example.com', startDate: new Date().toISOString(), blacklist: [] } },
  });
  browser = await launchBrowser();
  ({ page } = await signedInPage(browser, 'admin'));
});

afterAll(async () => {
  if (envId) await api('DELETE', `/v4/console/api/environment/${envId}`).catch(() => undefined);
  await browser?.close();
});

async function atEachWidth(check: (width: number) => Promise<void>): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await check(size.width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('layoutProblems', () => {
  it('names a header broken inside a word, clipped labels and a cut icon button, and nothing shown on purpose', async () => {
    const { context, page: fixture } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await fixture.setContent(`
      <table><thead><tr><th style="width: 1px; overflow-wrap: anywhere">Rôle</th><th style="white-space: nowrap">Dernière exécution</th></tr></thead></table>
      <div style="width: 60px; overflow: hidden"><button style="white-space: nowrap">Autoriser le connecteur</button></div>
      <button style="width: 40px; overflow: hidden; white-space: nowrap">Modifier</button>
      <div style="width: 12px; overflow: hidden"><button aria-label="Supprimer"><svg width="16" height="16"></svg></button></div>
      <button style="width: 40px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis" title="Exécuter maintenant">Exécuter maintenant</button>
      <div style="width: 60px; overflow-x: auto"><button style="white-space: nowrap">Tester la connexion</button></div>
      <div style="display: none"><button style="width: 10px; overflow: hidden">Caché</button></div>
      <div style="visibility: hidden"><button style="width: 10px; overflow: hidden">Invisible</button></div>
    `);
    const problems = await layoutProblems(fixture);
    await context.close();
    expect(problems).toEqual([
      expect.stringMatching(/^header broken inside a word: .*th.* "Rôle"$/),
      expect.stringMatching(/^control label clipped: .*button.* "Autoriser le connecteur"$/),
      expect.stringMatching(/^control label clipped: .*button.* "Modifier"$/),
      expect.stringMatching(/^icon button cut by its container: .*button.* "Supprimer"$/),
    ]);
  });
});

describe('tables at narrow widths', () => {
  it('members: readable headers, edit and remove reachable', async () => {
    await openPage(page, paths.orgaSettings('demo'));
    const row = page.locator('tr[data-username="admin"]');
    await row.waitFor();
    await atEachWidth(async (width) => {
      expect(await layoutProblems(page), `at ${width} px`).toEqual([]);
      await expect.poll(() => row.getByRole('button', { name: 'Modifier' }).isVisible()).toBe(true);
      await row.getByRole('button', { name: 'Retirer le membre' }).scrollIntoViewIfNeeded();
      if (width === 390) await expect.poll(() => page.getByRole('region', { name: 'Membres' }).getAttribute('tabindex')).toBe('0');
    });
  });

  it('integrations: readable headers, every action of a connector reachable', async () => {
    await openPage(page, paths.envManagementOf('demo-nlu', envId, 'integrations'));
    const row = page.locator('tr[data-connector]');
    await row.waitFor();
    await atEachWidth(async (width) => {
      expect(await layoutProblems(page), `at ${width} px`).toEqual([]);
      for (const name of ['Autoriser', 'Supprimer']) {
        const action = row.getByRole('button', { name, exact: false }).first();
        await action.scrollIntoViewIfNeeded();
        expect(await action.isVisible(), `${name} at ${width} px`).toBe(true);
      }
    });
  });

  it('analyses: readable headers and sort buttons', async () => {
    await openPage(page, paths.analyses('demo-nlu', envId));
    await page.getByTestId('analyses-table').waitFor();
    await atEachWidth(async (width) => {
      expect(await layoutProblems(page), `at ${width} px`).toEqual([]);
    });
  });
});
