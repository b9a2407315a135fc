/**
 * An organisation admin manages an environment's alerts (§3, §4): creates a timeout
 * alert, cannot edit it while enabled, disables, edits and re-enables it, then reads its firing in
 * the history once the alert job ran on a late analysis (mailed in the language they saved it in).
 * Runs its own in-process server on a fresh in-memory database (serving the production build) so
 * it can run the job at a chosen moment.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { evaluateAlerts } from '../../server/alerts/evaluate';
import { analyses } from '../../server/db/schema';
import { alerts } from '../../server/db/schema-alerts';
import { createMailer } from '../../server/mail/mailer';
import { readOutbox } from '../../server/test-support/outbox';
import { createTestServer, type TestServer } from '../../server/test-support/test-server';
import { launchBrowser } from './support/browser';
import { alertsPage } from './support/dashboard-pages';
import { signedInPage } from './support/session';

let browser: Browser;
let server: TestServer;
let url: string;

beforeAll(async () => {
  server = await createTestServer({ staticDir: path.resolve(import.meta.dirname, '../../dist') });
  url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('alerts', () => {
  it('lets an admin create, disable, edit and re-enable an alert, and read a firing in the history', async () => {
    const { context, page } = await signedInPage(browser, 'admin', { baseURL: url, viewport: { width: 1280, height: 900 } });

    await alertsPage.open(page, 'demo-ic', 'demo-ic-prod');
    await page.getByText("Aucune alerte pour l'instant").waitFor();
    await alertsPage.newButton(page).click();
    // A bad contact is refused on the spot and keeps what was typed.
    await alertsPage.fillTimeout(page, 'Analyses bloquées', 15, 'pas-un-mail');
    await alertsPage.saveButton(page).click();
    await expect(page.locator('#alert-name').inputValue()).resolves.toBe('Analyses bloquées');
    await page.locator('#alert-email').fill('ops@example.com');
    await alertsPage.saveButton(page).click();

    const row = alertsPage.row(page, 'Analyses bloquées');
    await row.getByText('Une analyse non terminée après 15 min').waitFor();
    // §4: enabled, it cannot be edited.
    await expect(alertsPage.enabledSwitch(page, 'Analyses bloquées').isChecked()).resolves.toBe(true);
    await expect(alertsPage.editButton(page, 'Analyses bloquées').isDisabled()).resolves.toBe(true);

    await alertsPage.enabledSwitch(page, 'Analyses bloquées').click({ force: true });
    await expect.poll(() => alertsPage.editButton(page, 'Analyses bloquées').isEnabled()).toBe(true);
    await alertsPage.editButton(page, 'Analyses bloquées').click();
    await page.locator('#alert-timeoutMinutes').fill('10');
    await alertsPage.saveButton(page).click();
    await row.getByText('Une analyse non terminée après 10 min').waitFor();
    await alertsPage.enabledSwitch(page, 'Analyses bloquées').click({ force: true });
    await expect.poll(() => alertsPage.enabledSwitch(page, 'Analyses bloquées').isChecked()).toBe(true);
    // The switch turns at once; the job below reads the database, which the save reaches a moment later.
    await expect
      .poll(async () => (await server.handle.db.select({ enabled: alerts.enabled }).from(alerts)).map((a) => a.enabled))
      .toEqual([true]);

    // An analysis waiting for 12 minutes, and the alert job's round.
    const id = randomUUID();
    await server.handle.db
      .insert(analyses)
      .values({ id, environmentId: 'demo-ic-prod', name: id, inputType: 'email', status: 'waiting', createdAt: new Date(Date.now() - 12 * 60_000) });
    await evaluateAlerts(server.handle.db, createMailer({ outboxDir: server.outboxDir }));
    const mails = await readOutbox(server.outboxDir);
    // The admin's console is in French, and so is the mail of the alert they saved.
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['ops@example.com', '[Postroom] Alerte : Analyses bloquées']]);

    await page.reload();
    await row.getByText('Déclenchée').waitFor();
    const firing = alertsPage.history(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Analyses bloquées' }) });
    await expect(firing.locator('td').allTextContents()).resolves.toEqual([expect.any(String), 'Déclenchée', '1']);
    await context.close();
  });
});
