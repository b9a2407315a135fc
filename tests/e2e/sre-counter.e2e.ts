/**
 * The SRE opens the analyses counter from the user menu's profile section (§2.4 SRE
 * screens) and reads an organisation's analyses of the month; an organisation admin is not offered
 * the entry. Its own in-process server, so the month's analyses are known.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { insertAnalysis } from '../../server/test-support/insert-analysis';
import { ownServer } from './support/own-server';
import { userMenu } from './support/navigation-pages';

const own = ownServer();
const signedIn = (username: string) => own.signedIn(username);

beforeAll(async () => {
  const now = new Date();
  const noon = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12).toISOString();
  for (let i = 0; i < 3; i += 1) await insertAnalysis(own.server.handle.db, { environmentId: 'demo-ic-prod', createdAt: noon });
});

describe('SRE analyses counter', () => {
  it('is offered to the SRE in the user menu and counts the month per organisation', async () => {
    const page = await signedIn('sre');
    await userMenu.choose(page, "Compteur d'analyses (SRE)");
    await page.waitForURL(/\/admin\/sre-analyses-counter$/);
    await expect.poll(() => page.getByTestId('counter-demo').locator('td').first().textContent()).toBe('3');
    await page.context().close();
  });

  it('is not offered to an organisation admin', async () => {
    const page = await signedIn('admin');
    const labels = await userMenu.labels(page);
    expect(labels).toContain('Profil');
    expect(labels).not.toContain("Compteur d'analyses (SRE)");
    await page.context().close();
  });
});
