/**
 * The month's quota on a self-service use case, on the shared demo server: the light
 * user's organisation quota is set through the API (as its admin) so that two analyses are left, and
 * put back after the file. The first mail goes through; the second is used meanwhile by another
 * client (the page does not know), so the browser's next upload is refused by the server — the dialog
 * closes and the page says no more analyses can be sent this month and when the counter starts again,
 * with the send button off. The use case is deleted after the file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/i18n/dates';
import { openPage } from './support/browser';
import { toasts } from './support/pages';
import { fixture, queuedToast, selfServiceSession, sendMail } from './support/self-service';
import { selfUseCasePages as pages } from './support/self-service-pages';

const self = selfServiceSession();
const MAIL = fixture('eml/mixed.eml');
let useCaseId = '';
let monthlyQuota = 0;

beforeAll(async () => {
  useCaseId = await self.createUseCase('Quota e2e');
  monthlyQuota = await self.leaveInQuota(2);
});

describe('the self-service quota', () => {
  it('refuses an analysis past the quota and says when the quota renews', async () => {
    const { context, page } = await self.signedIn();
    await openPage(page, `/self/${useCaseId}/analyses`);
    await page.getByText('Encore 2 analyses possibles ce mois-ci', { exact: false }).waitFor();

    await sendMail(page, MAIL);
    await queuedToast(page).waitFor();
    await pages.rows(page).filter({ hasText: 'mixed.eml' }).waitFor();
    // The quota is read again after the upload.
    await page.getByText('Encore 1 analyse possible ce mois-ci', { exact: false }).waitFor();
    expect(await pages.quotaReached(page).count()).toBe(0);

    // Another client (a program, a mailbox) uses the last analysis of the month meanwhile.
    const other = new FormData();
    other.append('file', new Blob(['From: client@example.com\r\nTo: agence@example.com\r\nSubject: Autre\r\n\r\nBonjour\r\n'], { type: 'message/rfc822' }), 'autre.eml');
    await self.light('POST', `/v4/console/api/environment/${useCaseId}/analyses`, other);

    // The server refuses the next one: the dialog closes and the page says when the quota renews.
    await sendMail(page, MAIL);
    const now = new Date();
    const renewsOn = formatDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10), 'fr');
    const reached = pages.quotaReached(page);
    await reached.waitFor();
    await expect(reached.textContent()).resolves.toContain(`Vous avez utilisé toutes les analyses permises ce mois-ci (${monthlyQuota} au plus). Le compteur repart de zéro le ${renewsOn}.`);
    expect(await pages.sendButton(page).isDisabled()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await toasts.error(page).count()).toBe(0);
    await context.close();
  });
});
