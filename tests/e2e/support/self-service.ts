/**
 * The steps the self-service scenarios (`self-service*.e2e.ts`) share: one Chromium and the
 * `light` demo user's API for the file, a page signed in as `light` on the self-service home, a use
 * case created from the library (on screen) or through the API, a mail sent through the upload
 * dialog, and the month's quota set for the scenario. Every use case made here is deleted after the
 * file (its mailbox disconnected first), and a changed quota is put back, so the shared demo keeps
 * neither. Call `selfServiceSession()` at the top of the file: its hooks run before the file's own
 * `beforeAll`, so `self.light` is ready there.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Organisation } from '../../../src/contract/organisations';
import type { SelfServiceOverview } from '../../../src/contract/self-service';
import { apiAs, type Api } from './api';
import { launchBrowser, newPage, openPage } from './browser';
import { layout, toasts } from './pages';
import { signInByApi } from './session';
import { selfUseCasePages } from './self-service-pages';

export { fixture } from './fixtures';

/** The template every scenario starts its use cases from (a meeting-request use case of insurance). */
export const USE_CASE_TEMPLATE = 'insurance:meeting';

export interface SelfServiceSession {
  browser: Browser;
  /** The `light` user's API. */
  light: Api;
  /** A new page signed in as `light`, once the self-service home is shown; with the page's console errors since it opened. */
  signedIn(): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }>;
  /** Creates a use case from the template through the API; answers its id. */
  createUseCase(name: string): Promise<string>;
  /** Creates a use case on screen from the home's "new use case" and the library (which opens the new use case); answers its id, back on the home. */
  createFromLibrary(page: Page, name: string): Promise<string>;
  /** The use case was deleted by the scenario itself: nothing left to clean. */
  deleted(useCaseId: string): void;
  /**
   * Sets the month's self-service quota of the light user's organisation (as its admin) so that
   * exactly `left` analyses remain; answers the quota set. Put back after the file.
   */
  leaveInQuota(left: number): Promise<number>;
  /** The light user's self-service home as the API answers it (quota, use cases). */
  overview(): Promise<SelfServiceOverview>;
}

export function selfServiceSession(): SelfServiceSession {
  const useCases = new Set<string>();
  let restoreQuota: (() => Promise<unknown>) | null = null;
  const self = {} as SelfServiceSession;

  beforeAll(async () => {
    self.browser = await launchBrowser();
    self.light = await apiAs('light');
  });
  afterAll(async () => {
    for (const id of useCases) {
      await self.light('DELETE', `/v4/console/api/self/use-cases/${id}/webmail`).catch(() => undefined);
      // Already gone when a scenario deleted it on screen and failed before saying so.
      await self.light('DELETE', `/v4/console/api/self/use-cases/${id}`).catch(() => undefined);
    }
    await restoreQuota?.();
    await self.browser?.close();
  });

  self.overview = () => self.light<SelfServiceOverview>('GET', '/v4/console/api/self');

  self.signedIn = async () => {
    const { context, page } = await newPage(self.browser);
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await signInByApi(page, 'light');
    await page.waitForURL(/\/self$/);
    await layout.waitFor(page, 'selfService');
    return { context, page, consoleErrors };
  };

  self.createUseCase = async (name) => {
    const { id } = await self.light<{ id: string }>('POST', '/v4/console/api/self/use-cases', { name, source: { kind: 'template', template: USE_CASE_TEMPLATE } });
    useCases.add(id);
    return id;
  };

  self.createFromLibrary = async (page, name) => {
    await page.locator('main').getByRole('link', { name: "Nouveau cas d'usage" }).click();
    await page.waitForURL(/\/self\/new$/);
    await page.locator(`[data-use-case="${USE_CASE_TEMPLATE}"] label`).click();
    expect(await page.locator(`[data-use-case="${USE_CASE_TEMPLATE}"]`).getByRole('radio').isChecked()).toBe(true);
    await page.getByLabel("Nom du cas d'usage").fill(name);
    await page.getByRole('button', { name: 'Créer' }).click();
    // Creating opens what was created: the new use case's analyses.
    await page.waitForURL(/\/self\/[^/]+\/analyses$/);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const created = (await self.overview()).useCases.find((useCase) => useCase.name === name);
    expect(created, `use case "${name}" created`).toBeDefined();
    useCases.add(created!.id);
    expect(new URL(page.url()).pathname).toBe(`/self/${created!.id}/analyses`);
    await openPage(page, '/self');
    await page.waitForURL(/\/self$/);
    return created!.id;
  };

  self.deleted = (useCaseId) => {
    useCases.delete(useCaseId);
  };

  self.leaveInQuota = async (left) => {
    const admin = await apiAs('admin');
    const { organisationId, quota } = await self.overview();
    const route = `/v4/console/api/organisation/${organisationId}`;
    const orga = await admin<Organisation>('GET', route);
    const update = (selfServiceMonthlyQuota: number) =>
      admin<Organisation>('PUT', route, { name: orga.name, contractStartDate: orga.contractStartDate, yearlyQuota: orga.yearlyQuota, selfServiceMonthlyQuota });
    // Analyses of the month are never given back: the other files' count too, so the quota is set from what is used.
    const set = quota.used + left;
    restoreQuota ??= () => update(orga.selfServiceMonthlyQuota);
    await update(set);
    return set;
  };

  return self;
}

/** Opens the use case's upload dialog and chooses the mail (and attachments), without sending yet. */
export async function chooseMail(page: Page, mail: string, attachments: string[] = []): Promise<void> {
  await selfUseCasePages.sendButton(page).click();
  await page.getByLabel('Choisir le fichier principal').setInputFiles(mail);
  if (attachments.length > 0) await page.getByLabel('Ajouter des pièces jointes').setInputFiles(attachments);
}

/** Sends the chosen mail (the dialog's "Envoyer"). */
export const confirmSend = (page: Page) => page.getByRole('button', { name: 'Envoyer', exact: true }).click();

/** Chooses a mail (and attachments) in the upload dialog and sends it. */
export async function sendMail(page: Page, mail: string, attachments: string[] = []): Promise<void> {
  await chooseMail(page, mail, attachments);
  await confirmSend(page);
}

/** The toast saying the mail was queued for analysis. */
export const queuedToast = (page: Page) => toasts.success(page).filter({ hasText: 'Analyse mise en file' });
