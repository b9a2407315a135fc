/**
 * The configuration IDE as a new configurator would use it, on an environment of its own
 * made from the insurance template: a syntax error with its line, a key picked from the completion,
 * a rule broken (an unknown interaction), its problem followed to its line and fixed, a save (the
 * changes, then a new version in the versions list); the structured screens and the IDE show each
 * other's changes; leaving with unsaved text asks first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage } from './support/browser';
import { signedInSession } from './support/session';
import { featureFlags, projectPages } from './support/admin-pages';
import { categorizationPages as cat } from './support/categorization-pages';
import { configurationIde as ide } from './support/configuration-ide-pages';

const PROJECT = 'demo-nlu';
const ENV_NAME = 'Éditeur IDE';
let page: Page;
let envId = '';

const session = signedInSession('admin');
beforeAll(() => {
  ({ page } = session);
});

describe('configuration IDE', () => {
  it('edits the configuration as text: problems with their lines, completion, a fix, a save with a version', async () => {
    await projectPages.createEnvironment(page, PROJECT, ENV_NAME, { template: 'insurance:meeting' });
    const href = await projectPages.environmentRow(page, ENV_NAME).getByRole('link', { name: ENV_NAME }).getAttribute('href');
    envId = /\/environment\/([^/]+)\//.exec(href ?? '')![1]!;

    await ide.openFromMenu(page, PROJECT, envId);
    await ide.outline(page).getByRole('button', { name: /Catégorisation des demandes/ }).waitFor();
    await ide.problems(page).getByText('Aucune erreur détectée').waitFor();

    // A syntax error names its line; undone, it is gone.
    const debugLine = await ide.goToText(page, 'debugMode: false');
    expect(await ide.cursorLine(page)).toBe(debugLine);
    await ide.appendToLine(page, ': x');
    const syntax = ide.problem(page, /Erreur de syntaxe dans votre configuration/);
    await syntax.waitFor();
    expect(await ide.problemLine(page, /Erreur de syntaxe/)).toBe(debugLine);
    await ide.eraseAtEnd(page, 3);
    await syntax.waitFor({ state: 'detached' });

    // Completion from the JSON Schema: the retention key, typed again and picked from the list.
    await ide.goToText(page, 'retention: ');
    const retention = ((await ide.activeLine(page)) ?? '').trim();
    await ide.eraseAtEnd(page, retention.length);
    await page.keyboard.insertText('rete');
    await page.keyboard.press('Control+Space');
    expect(await ide.completions(page)).toEqual(['retention']);
    await ide.pickCompletion(page, 'retention');
    await page.keyboard.insertText('1y');
    expect((await ide.activeLine(page))?.trim()).toBe('retention: 1y');

    // A rule testing an interaction that does not exist: its problem names the line; following it puts the cursor there.
    const ruleLine = await ide.goToText(page, 'interaction: annulerRendezVous');
    await ide.eraseAtEnd(page, 'annulerRendezVous'.length);
    await page.keyboard.insertText('annulerRendezVou');
    const unknown = /utilise l'interaction « annulerRendezVou », qui n'existe pas/;
    await ide.problem(page, unknown).waitFor();
    expect(await ide.problemLine(page, unknown)).toBe(ruleLine);
    await ide.goToText(page, 'debugMode: false');
    await ide.problem(page, unknown).click();
    expect(await ide.cursorLine(page)).toBe(ruleLine);
    // Fixed by testing another interaction of the context.
    await ide.eraseAtEnd(page, 'annulerRendezVou'.length);
    await page.keyboard.insertText('modifierRendezVous');
    await ide.problem(page, unknown).waitFor({ state: 'detached' });

    await ide.save(page, 'Depuis l’IDE');
    await page.getByText('À jour').waitFor();

    // The new version is in the versions list.
    await featureFlags.enable(page, 'Versions de projet');
    await openPage(page, `/project/${PROJECT}/versions?envId=${envId}`);
    await page.getByRole('cell', { name: 'Depuis l’IDE' }).waitFor();
  }, 120_000);

  it('shows in the structured screens what the IDE saved, and in the IDE what they save', async () => {
    await openPage(page, `/project/${PROJECT}/env-management/settings?envId=${envId}`);
    await expect.poll(() => page.locator('#env-retention').inputValue()).toBe('1y');

    await cat.openFromMenu(page, PROJECT, envId);
    await cat.addBodyCategory(page, 'Ajoutée à l’écran');
    await ide.openFromMenu(page, PROJECT, envId);
    await ide.outline(page).getByRole('button', { name: 'Ajoutée à l’écran' }).waitFor();

    await ide.goToText(page, 'debugMode: false');
    await ide.appendToLine(page, ' # essai');

    // Unsaved text: leaving asks first; staying keeps it; discarded, leaving is free.
    await page.getByText('Modifications non enregistrées').first().waitFor();
    await page.locator('.bp6-breadcrumbs').getByRole('link', { name: 'Configuration' }).click();
    const guard = page.getByRole('dialog', { name: 'Modifications non enregistrées' });
    await guard.getByRole('button', { name: 'Rester sur la page' }).click();
    await guard.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/configuration\/ide$/);
    await page.getByRole('button', { name: 'Annuler les modifications' }).click();
    await page.locator('.bp6-breadcrumbs').getByRole('link', { name: 'Configuration' }).click();
    await page.waitForURL(/\/configuration$/);
  }, 60_000);
});
