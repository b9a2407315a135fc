/**
 * The configuration IDE as a new configurator would use it (issue 17), on an environment of its own
 * made from the insurance template (categorization without categories, no NLU): read a §8 problem
 * with its line, give the environment its NLU and a category in the text, break a rule (an unknown
 * interaction), follow the problem to its line and fix it, save (the changes, then a new version in
 * the versions list); the structured screens and the IDE show each other's changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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
  it('edits the configuration as text: problems with their lines, a fix, a save with a version', async () => {
    await projectPages.createEnvironment(page, PROJECT, ENV_NAME, { template: 'insurance:meeting' });
    const href = await projectPages.environmentRow(page, ENV_NAME).getByRole('link', { name: ENV_NAME }).getAttribute('href');
    envId = /\/environment\/([^/]+)\//.exec(href ?? '')![1]!;

    await ide.openFromMenu(page, PROJECT, envId);
    await ide.outline(page).getByRole('button', { name: /Catégorisation des demandes/ }).waitFor();
    // No NLU server yet: the §8 message for the categorization module, on the module's line.
    const needsServer = ide.problem(page, /au moins un serveur NLU/);
    await needsServer.waitFor();

    // A syntax error names its line; undone, it is gone.
    const defaultLine = await ide.goToText(page, 'defaultCategory: autre_demande');
    expect(await ide.cursorLine(page)).toBe(defaultLine);
    await ide.appendToLine(page, ': x');
    const syntax = ide.problem(page, /Erreur de syntaxe dans votre configuration/);
    await syntax.waitFor();
    expect(await ide.problemLine(page, /Erreur de syntaxe/)).toBe(defaultLine);
    await ide.eraseAtEnd(page, 3);
    await syntax.waitFor({ state: 'detached' });

    // A category whose rule tests an interaction that does not exist, typed under the default category.
    const indent = /^\s*/.exec((await ide.activeLine(page)) ?? '')![0];
    const block = ['categories:', '  - id: c-ide', '    name: Résiliation IDE', '    rules:', '      - id: r-ide', '        name: resilier', '        criteria:', '          - type: interaction', '            interaction: resiliation'];
    await ide.appendToLine(page, block.map((line) => `\n${indent}${line}`).join(''));
    // The NLU: a context with the interaction, and a server for it.
    await ide.goToText(page, 'contexts: []');
    await ide.eraseAtEnd(page, 2);
    await ide.appendToLine(page, '[{ name: principal, langs: [fr], interactions: [{ id_interaction: resilier }] }]');
    await ide.goToText(page, 'servers: []');
    await ide.eraseAtEnd(page, 2);
    await ide.appendToLine(page, '[{ name: serveur, contexts: [principal], version: "5.0" }]');
    await needsServer.waitFor({ state: 'detached' });

    // The broken rule: its problem names the line of the interaction; following it puts the cursor there.
    const unknown = /La règle « resilier » utilise l'interaction « resiliation », qui n'existe pas/;
    await ide.problem(page, unknown).waitFor();
    const line = await ide.problemLine(page, unknown);
    expect(line).toBe(defaultLine + block.length);
    await ide.problem(page, unknown).click();
    expect(await ide.cursorLine(page)).toBe(line);
    expect((await ide.activeLine(page))?.trim()).toBe('interaction: resiliation');
    await ide.eraseAtEnd(page, 'resiliation'.length);
    await page.keyboard.insertText('resilier');
    await ide.problem(page, unknown).waitFor({ state: 'detached' });

    // Completion from the JSON Schema: a key the criterion does not have yet, picked from the list.
    const criterionIndent = /^\s*/.exec((await ide.activeLine(page)) ?? '')![0];
    await ide.appendToLine(page, `\n${criterionIndent}comp`);
    await page.keyboard.press('Control+Space');
    expect(await ide.completions(page)).toEqual(['complete']);
    await ide.pickCompletion(page, 'complete');
    await page.keyboard.insertText('true');
    expect((await ide.activeLine(page))?.trim()).toBe('complete: true');

    await ide.showOutline(page);
    await ide.outline(page).getByRole('button', { name: 'Résiliation IDE' }).waitFor();

    await ide.save(page, 'Depuis l’IDE');
    await page.getByText('À jour').waitFor();

    // The new version is in the versions list.
    await featureFlags.enable(page, 'Versions de projet');
    await page.goto(`/project/${PROJECT}/versions?envId=${envId}`);
    await page.getByRole('cell', { name: 'Depuis l’IDE' }).waitFor();
  }, 120_000);

  it('shows in the structured screens what the IDE saved, and in the IDE what they save', async () => {
    await cat.openFromMenu(page, PROJECT, envId);
    await page.getByRole('link', { name: 'Résiliation IDE' }).waitFor();
    await cat.addBodyCategory(page, 'Ajoutée à l’écran');

    await ide.openFromMenu(page, PROJECT, envId);
    await ide.outline(page).getByRole('button', { name: 'Ajoutée à l’écran' }).waitFor();
    expect(await ide.outline(page).locator('[data-outline-kind="rule"]', { hasText: 'resilier' }).count()).toBe(1);

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
