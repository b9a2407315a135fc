/**
 * The message bank as a qualifier uses it: import three files (two mails and a PDF) with a tag, gather
 * them in a set, then qualify them against the environment's categories and fields — a category by
 * its number key, a field filled from words selected in the message, accept (Ctrl+Enter, which moves
 * on) — see a partial acceptance stay partial, undo it, go back with P, and find the states in the
 * bank; add a production analysis from its result page. The bank part works in the demo NLU project
 * (its production environment has categories and extraction fields), the analysis part in the demo IC
 * project; each deletes what it added (the shared demo stays as it was for the other scenarios).
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInSession } from './support/session';
import { analysesPages } from './support/analyses-pages';
import { baseUrl } from './support/browser';
import { DEMO_PASSWORD } from './support/pages';
import { fileOnDisk, testingCenterPages as tc } from './support/testing-center-pages';
import { docsPicture } from './support/docs-pictures';

const PROJECT = 'demo-ic';
const BANK_PROJECT = 'demo-nlu';
const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const FILES = [path.join(FIXTURES, 'eml/bounce.eml'), path.join(FIXTURES, 'eml/arf.eml'), path.join(FIXTURES, 'pdf/claim-letter-fr.pdf')];
const TAG = `e2e-${Date.now().toString(36)}`;
const SET = `Lot ${TAG}`;
let page: Page;
/** Each message's qualification state once the qualification scenario left it. */
let states: Record<string, string> = {};

const session = signedInSession('qualifier');
beforeAll(() => {
  ({ page } = session);
});

describe('message bank and qualification', () => {
  it("imports three files with a tag, showing each file's outcome", async () => {
    await tc.openImport(page, BANK_PROJECT);
    await tc.addImportTag(page, TAG);
    // A file of an extension the platform does not read is refused at once (§5) and never sent.
    await tc.chooseFiles(page, [...FILES.map(fileOnDisk), { name: 'outil.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }]);
    await expect.poll(() => tc.importStatuses(page)).toEqual(['waiting', 'waiting', 'waiting', 'refused']);
    await expect(tc.importProblems(page)).resolves.toEqual(['outil.exe: L\'extension « exe » n\'est pas autorisée']);
    await tc.sendImport(page);
    await expect.poll(() => tc.importStatuses(page), { timeout: 30_000 }).toEqual(['done', 'done', 'done', 'refused']);
    await expect(tc.importSummary(page)).resolves.toContain('Importés : 3 ; refusés : 1');
    await docsPicture(page, 'testing-center-import');
  });

  it('finds them by tag in the bank, not qualified, and makes a set of them', async () => {
    await tc.openBank(page, BANK_PROJECT, `?tag=${TAG}`);
    await expect.poll(() => tc.rowNames(page)).toHaveLength(3);
    expect((await tc.rowNames(page)).sort()).toEqual(['arf.eml', 'bounce.eml', 'claim-letter-fr.pdf']);
    await expect(tc.rowStates(page)).resolves.toEqual(['notQualified', 'notQualified', 'notQualified']);
    await tc.selectPage(page);
    await tc.createSetFromSelection(page, SET);
    await docsPicture(page, 'testing-center-bank');
  });

  it("qualifies the set with the keyboard, from the environment's categories and words selected in the message", async () => {
    await tc.qualifySet(page, SET);
    await tc.chooseEnvironment(page, 'Production');
    await expect.poll(() => tc.position(page)).toBe('Message 1 sur 3');
    await expect.poll(() => tc.progress(page)).toBe('0 qualifié sur 3');
    const seen: string[] = [];
    const showsMessage = async (position: number) => {
      await expect.poll(() => tc.position(page)).toBe(`Message ${position} sur 3`);
      // The heading is the file name, then its qualification state.
      const name = /^\S+/.exec(((await tc.messageName(page)) ?? '').trim())?.[0] ?? '';
      // The message itself, drawn by the files viewer's views: a mail's subject, a PDF's pages.
      if (name.includes('bounce')) await expect.poll(() => tc.viewer(page).getByTestId('mail-subject').textContent()).toBe('Undelivered Mail Returned to Sender');
      if (name.includes('arf')) await expect.poll(() => tc.viewer(page).getByTestId('mail-subject').textContent()).toBe('FW: Earn money');
      if (name.includes('claim')) await tc.viewer(page).getByTestId('pdf-view').waitFor();
      return name;
    };

    // First message, fully: category 1 by its key, the contract number from words selected in the
    // message (the value keeps where it came from), nothing expected for RPA, then Ctrl+Enter.
    seen.push(await showsMessage(1));
    await tc.press(page, '1');
    await expect.poll(() => tc.categoryValues(page)).toEqual(['Déclaration de sinistre']);
    await docsPicture(page, 'testing-center-qualification');
    await tc.addField(page, 'Numéro de contrat');
    let words: string | null = null;
    await expect.poll(async () => (words = await tc.selectWords(page))).not.toBeNull();
    await expect.poll(() => tc.fieldValue(page, 0)).toBe(words);
    await tc.kind(page, 'extracted_informations').getByText(`Pris dans « ${seen[0]} »`).waitFor();
    // The value can be found again in the message: its words selected and shown.
    await tc.clearSelection(page);
    await tc.locate(page, words!);
    await expect.poll(() => tc.selectedWords(page)).toBe(words!.replace(/\s+/g, ' '));
    // At 1280 px the message sits beside the form and its long lines wrap.
    await expect(tc.layout(page)).resolves.toEqual({ sideBySide: true, overflowing: false, width: 1280 });
    for (const kind of ['rpa', 'attachments_categories', 'extracted_informations_attachments']) await tc.markKindQualified(page, kind);
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => tc.progress(page)).toBe('1 qualifié sur 3');

    // Second message: two categories (2, then Shift+3 adds) and accept with A. The extracted values
    // and RPA, left empty and untouched, are not turned into "nothing expected": partly qualified.
    seen.push(await showsMessage(2));
    await tc.press(page, '2');
    await page.keyboard.press('Shift+Digit3');
    await expect.poll(() => tc.categoryValues(page)).toEqual(['Résiliation', 'Demande de devis']);
    await page.keyboard.press('a');
    await page.getByText(/restent à qualifier/).waitFor();
    await showsMessage(3);
    await expect.poll(() => tc.progress(page)).toBe('1 qualifié sur 3');

    // U undoes that acceptance: back on the second message, with the values it had before.
    await page.keyboard.press('u');
    await expect.poll(() => tc.position(page)).toBe('Message 2 sur 3');
    await expect.poll(() => tc.categoryValues(page)).toEqual([]);
    await expect.poll(() => tc.kindState(page, 'categories')).toBe('toLook');
    // 0 confirms that no category is expected; accepted again, then S leaves the third as it is.
    await tc.press(page, '0');
    await expect.poll(() => tc.kindState(page, 'categories')).toBe('toAccept');
    await page.keyboard.press('a');
    seen.push(await showsMessage(3));

    // P goes back: the saved values are there, qualified.
    await tc.press(page, 'p');
    await expect.poll(() => tc.position(page)).toBe('Message 2 sur 3');
    await expect.poll(() => tc.kindState(page, 'categories')).toBe('qualified');
    await tc.press(page, 'p');
    await expect.poll(() => tc.categoryValues(page)).toEqual(['Déclaration de sinistre']);
    await expect.poll(() => tc.messageName(page)).toContain('Qualifié');
    // S skips to the next without saving anything.
    await page.keyboard.press('s');
    await expect.poll(() => tc.position(page)).toBe('Message 2 sur 3');
    expect(new Set(seen).size).toBe(3);

    // R runs the message on the reference environment as a test run of one and starts the form from
    // what it obtained (nothing saved until accepted); "accept obtained" now names that run.
    await tc.press(page, 'r');
    await page.getByText('Valeurs reprises du test sur Production : vérifiez-les puis acceptez.').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('obtained-source').textContent()).toMatch(/^Dernier test : Production · Configuration actuelle · /);
    await page.keyboard.press('s');
    await expect.poll(() => tc.position(page)).toBe('Message 3 sur 3');
    states = { [seen[0]!]: 'qualified', [seen[1]!]: 'partiallyQualified', [seen[2]!]: 'notQualified' };
  });

  it('shows their states in the bank, then removes them and their set', async () => {
    await tc.openBank(page, BANK_PROJECT, `?tag=${TAG}`);
    await expect.poll(async () => {
      const [names, rowStates] = await Promise.all([tc.rowNames(page), tc.rowStates(page)]);
      return Object.fromEntries(names.map((name, index) => [name, rowStates[index]]));
    }).toEqual(states);
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

  it('fills a value from words selected in an HTML mail body, drawn in its sandboxed frame', async () => {
    const html = '<html><body><p>Bonjour,</p><p>Mon contrat <b>AU-30871</b> est à résilier.</p></body></html>';
    const mail = `From: a@example.com\r\nTo: b@example.com\r\nSubject: HTML ${TAG}\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}\r\n`;
    await tc.openImport(page, BANK_PROJECT);
    await tc.addImportTag(page, `${TAG}-html`);
    await tc.chooseFiles(page, [{ name: 'html.eml', mimeType: 'message/rfc822', buffer: Buffer.from(mail) }]);
    await tc.sendImport(page);
    await expect.poll(() => tc.importStatuses(page), { timeout: 30_000 }).toEqual(['done']);
    await tc.openBank(page, BANK_PROJECT, `?tag=${TAG}-html`);
    await tc.rows(page).first().getByRole('link').click();
    await expect.poll(() => tc.messageName(page)).toContain('html.eml');
    await tc.chooseEnvironment(page, 'Production');

    await tc.addField(page, 'Numéro de contrat');
    const frame = tc.viewer(page).frameLocator('[data-testid="mail-frame"]');
    await frame.locator('b').waitFor();
    // A double click selects the word in the frame, as a user would.
    await frame.locator('b').dblclick();
    await expect.poll(() => tc.fieldValue(page, 0)).toMatch(/^AU-?30871$|^AU$|^30871$/);
    await frame.locator('b').selectText();
    await frame.locator('b').dispatchEvent('mouseup');
    await expect.poll(() => tc.fieldValue(page, 0)).toBe('AU-30871');
    // Still no script may run in it: the frame is same-origin for the selection, never allow-scripts.
    expect(await tc.viewer(page).locator('[data-testid="mail-frame"]').getAttribute('sandbox')).not.toContain('allow-scripts');

    // Not saved: leave without keeping it, then remove the message.
    await page.getByRole('button', { name: 'Retirer la valeur' }).click();
    await tc.openBank(page, BANK_PROJECT, `?tag=${TAG}-html`);
    await tc.selectPage(page);
    await tc.deleteSelection(page);
    await expect.poll(() => tc.rows(page).count()).toBe(0);
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
