/**
 * The message bank as a qualifier uses it (issue 16): import three files (two mails and a PDF) with a
 * tag, gather them in a set, then qualify them one after the other with the keyboard only — type the
 * expected category, accept with Ctrl+Enter (which moves on), come back with P — and find them
 * qualified in the bank; add a production analysis from its result page. Works in the demo IC project,
 * and deletes what it added (the shared demo stays as it was for the other scenarios).
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInSession } from './support/session';
import { analysesPages } from './support/analyses-pages';
import { baseUrl } from './support/browser';
import { DEMO_PASSWORD } from './support/pages';
import { fileOnDisk, testingCenterPages as tc } from './support/testing-center-pages';

const PROJECT = 'demo-ic';
const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const FILES = [path.join(FIXTURES, 'eml/bounce.eml'), path.join(FIXTURES, 'eml/arf.eml'), path.join(FIXTURES, 'pdf/claim-letter-fr.pdf')];
const TAG = `e2e-${Date.now().toString(36)}`;
const SET = `Lot ${TAG}`;
let page: Page;

const session = signedInSession('qualifier');
beforeAll(() => {
  ({ page } = session);
});

describe('message bank and qualification', () => {
  it("imports three files with a tag, showing each file's outcome", async () => {
    await tc.openImport(page, PROJECT);
    await tc.addImportTag(page, TAG);
    // A file of an extension the platform does not read is refused at once (§5) and never sent.
    await tc.chooseFiles(page, [...FILES.map(fileOnDisk), { name: 'outil.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }]);
    await expect.poll(() => tc.importStatuses(page)).toEqual(['waiting', 'waiting', 'waiting', 'refused']);
    await expect(tc.importProblems(page)).resolves.toEqual(['outil.exe: L\'extension « exe » n\'est pas autorisée']);
    await tc.sendImport(page);
    await expect.poll(() => tc.importStatuses(page), { timeout: 30_000 }).toEqual(['done', 'done', 'done', 'refused']);
    await expect(tc.importSummary(page)).resolves.toContain('Importés : 3 ; refusés : 1');
  });

  it('finds them by tag in the bank, not qualified, and makes a set of them', async () => {
    await tc.openBank(page, PROJECT, `?tag=${TAG}`);
    await expect.poll(() => tc.rowNames(page)).toHaveLength(3);
    expect((await tc.rowNames(page)).sort()).toEqual(['arf.eml', 'bounce.eml', 'claim-letter-fr.pdf']);
    await expect(tc.rowStates(page)).resolves.toEqual(['notQualified', 'notQualified', 'notQualified']);
    await tc.selectPage(page);
    await tc.createSetFromSelection(page, SET);
  });

  it('qualifies the set with the keyboard, the message shown beside the form', async () => {
    await tc.qualifySet(page, SET);
    await expect.poll(() => tc.position(page)).toBe('Message 1 sur 3');
    const seen: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      await expect.poll(() => tc.position(page)).toBe(`Message ${index + 1} sur 3`);
      const name = ((await tc.messageName(page)) ?? '').trim();
      seen.push(name);
      // The message itself, drawn by the files viewer's views: a mail's subject, a PDF's pages.
      if (name.includes('bounce')) await expect.poll(() => tc.viewer(page).getByTestId('mail-subject').textContent()).toBe('Undelivered Mail Returned to Sender');
      if (name.includes('arf')) await expect.poll(() => tc.viewer(page).getByTestId('mail-subject').textContent()).toBe('FW: Earn money');
      if (name.includes('claim')) await tc.viewer(page).getByTestId('pdf-view').waitFor();
      await tc.typeCategory(page, name.includes('claim') ? 'Déclaration de sinistre' : 'Autre');
      // Ctrl+Enter accepts while the focus is still in the field: every kind qualified, saved, next.
      await page.keyboard.press('Control+Enter');
      if (index < 2) await expect.poll(() => tc.position(page)).toBe(`Message ${index + 2} sur 3`);
    }
    await expect.poll(() => tc.messageName(page)).toContain('Qualifié');

    // P goes back (focus out of the fields): the saved category is there.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('p');
    await expect.poll(() => tc.position(page)).toBe('Message 2 sur 3');
    await expect.poll(() => tc.categoryValues(page)).toEqual([seen[1]!.includes('claim') ? 'Déclaration de sinistre' : 'Autre']);
    // S skips to the next without saving anything.
    await page.keyboard.press('s');
    await expect.poll(() => tc.position(page)).toBe('Message 3 sur 3');
  });

  it('shows them qualified in the bank, then removes them and their set', async () => {
    await tc.openBank(page, PROJECT, `?tag=${TAG}`);
    await expect.poll(() => tc.rowStates(page)).toEqual(['qualified', 'qualified', 'qualified']);
    const qualificationLink = (await tc.rows(page).first().getByRole('link').getAttribute('href'))!;
    await tc.deleteSet(page, SET);
    await page.getByTestId('bank-sets').locator(`tr[data-set-name="${SET}"]`).waitFor({ state: 'detached' });
    await tc.selectPage(page);
    await tc.deleteSelection(page);
    await expect.poll(() => tc.rows(page).count()).toBe(0);

    // A link to a message deleted since says so and leads back to the bank, instead of loading for
    // ever or offering a retry that cannot succeed.
    await page.goto(`${baseUrl()}${qualificationLink}`);
    await page.getByText("Ce message n'existe pas ou n'existe plus.").waitFor();
    await page.getByRole('link', { name: 'Retour à la banque de messages' }).waitFor();
    expect(await page.getByRole('button', { name: 'Réessayer' }).count()).toBe(0);
  });

  it('adds a production analysis to the testing center from its result page, once', async () => {
    const name = `Courrier ${TAG}`;
    await analysesPages.openList(page, PROJECT, 'demo-ic-prod');
    await page.getByRole('button', { name: 'Nouvelle analyse' }).click();
    await analysesPages.chooseMainFile(page, FILES[2]!);
    await page.getByLabel('Nom (facultatif)').fill(name);
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await analysesPages.row(page, name).getByRole('link').click();
    await page.getByTestId('overview').waitFor();
    const analysisId = new URL(page.url()).pathname.split('/').pop()!;

    await page.getByRole('button', { name: 'Ajouter au centre de test' }).click();
    await page.getByText('Analyse ajoutée à la banque de messages').waitFor();
    await page.getByRole('button', { name: 'Ajouter au centre de test' }).click();
    await page.getByText('Cette analyse est déjà dans la banque de messages').waitFor();

    // In the bank once, with its file, from an analysis; then removed again.
    await tc.openBank(page, PROJECT, `?q=${encodeURIComponent(name)}`);
    await expect.poll(() => tc.rowNames(page)).toEqual([name]);
    await expect(tc.rows(page).first().textContent()).resolves.toContain('Analyse');
    await tc.selectPage(page);
    await tc.deleteSelection(page);
    await expect.poll(() => tc.rows(page).count()).toBe(0);

    // The analysis goes too (deleting one is a configurator's right), so the shared demo stays as it was.
    const login = await fetch(`${baseUrl()}/api/login_check`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'configurator', password: DEMO_PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    const removed = await fetch(`${baseUrl()}/v4/console/api/environment/demo-ic-prod/analyses/${analysisId}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    expect(removed.status).toBe(204);
  });
});
