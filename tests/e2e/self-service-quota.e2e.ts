/**
 * The month's quota on a self-service use case (issue 22), on a server of its own since the quota is
 * an organisation setting the shared demo must keep. With a quota of two analyses: the first mail
 * goes through; the second is used meanwhile by another client (the page does not know), so the
 * browser's next upload is refused by the server — the dialog closes and the page says no more
 * analyses can be sent this month and when the counter starts again, with the send button off.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../../server/db/schema';
import { signIn } from '../../server/test-support/test-server';
import { formatDate } from '../../src/i18n/dates';
import { ownServer } from './support/own-server';
import { loginPage, toasts } from './support/pages';
import { selfUseCasePages as pages } from './support/self-service-pages';

const own = ownServer();
const MAIL = path.resolve(import.meta.dirname, '../../../shared/fixtures/eml/mixed.eml');
let useCaseId = '';
let token = '';

beforeAll(async () => {
  await own.server.handle.db.update(organisations).set({ selfServiceMonthlyQuota: 2 }).where(eq(organisations.id, 'demo'));
  token = await signIn(own.server.app, 'light');
  const created = await own.server.app.inject({
    method: 'POST',
    url: '/v4/console/api/self/use-cases',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'Quota e2e', source: { kind: 'template', template: 'insurance:meeting' } },
  });
  expect(created.statusCode, created.body).toBe(201);
  useCaseId = created.json<{ id: string }>().id;
});

describe('the self-service quota', () => {
  it('refuses an analysis past the quota and says when the quota renews', async () => {
    const context = await own.browser.newContext({ baseURL: own.url, viewport: { width: 1280, height: 900 }, locale: 'fr-FR' });
    const page = await context.newPage();
    await loginPage.open(page);
    await loginPage.signIn(page, 'light');
    await page.waitForURL(/\/self$/);
    await page.goto(`/self/${useCaseId}/analyses`);
    await page.getByText('Encore 2 analyses possibles ce mois-ci', { exact: false }).waitFor();

    const send = async () => {
      await pages.sendButton(page).click();
      await page.getByLabel('Choisir le fichier principal').setInputFiles(MAIL);
      await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    };
    await send();
    await toasts.success(page).filter({ hasText: 'Analyse mise en file' }).waitFor();
    await pages.rows(page).filter({ hasText: 'mixed.eml' }).waitFor();
    // The quota is read again after the upload.
    await page.getByText('Encore 1 analyse possible ce mois-ci', { exact: false }).waitFor();
    expect(await pages.quotaReached(page).count()).toBe(0);

    // Another client (a program, a mailbox) uses the last analysis of the month meanwhile.
    const other = await own.server.app.inject({
      method: 'POST',
      url: `/v4/console/api/environment/${useCaseId}/analyses/simulated-mail`,
      headers: { authorization: `Bearer ${token}` },
      payload: { sender: 'client@example.com', recipient: 'agence@example.com', subject: 'Autre', body: 'Bonjour' },
    });
    expect(other.statusCode, other.body).toBe(201);

    // The server refuses the next one: the dialog closes and the page says when the quota renews.
    await send();
    const now = new Date();
    const renewsOn = formatDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10), 'fr');
    const reached = pages.quotaReached(page);
    await reached.waitFor();
    await expect(reached.textContent()).resolves.toContain(`Vous avez utilisé toutes les analyses permises ce mois-ci (2 au plus). Le compteur repart de zéro le ${renewsOn}.`);
    expect(await pages.sendButton(page).isDisabled()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await toasts.error(page).count()).toBe(0);
    await context.close();
  });
});
