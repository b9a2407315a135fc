/**
 * The message bank as a qualifier uses it (issue 16): import three files (two mails and a PDF) with a
 * tag, gather them in a set, then qualify them one after the other with the keyboard only — type the
 * expected category, accept with Ctrl+Enter (which moves on), come back with P — and find them
 * qualified in the bank. Works in the demo IC project, and deletes what it added (the shared demo
 * stays as it was for the other scenarios).
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInSession } from './support/session';
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
    await expect(tc.importSummary(page)).resolves.toContain('3 importé(s), 1 refusé(s)');
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
    await tc.deleteSet(page, SET);
    await page.getByTestId('bank-sets').locator(`tr[data-set-name="${SET}"]`).waitFor({ state: 'detached' });
    await tc.selectPage(page);
    await tc.deleteSelection(page);
    await expect.poll(() => tc.rows(page).count()).toBe(0);
  });
});
