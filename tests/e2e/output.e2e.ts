/**
 * The output settings screen as a configurator would use it: a mail is analysed in the
 * demo NLU production environment; from the configuration menu the output settings open, the
 * preview shows that analysis's payload, follows each option as it changes (not saved yet), and
 * the save keeps them — asking first when a change takes data away from the payload.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage } from './support/browser';
import { signInByApi, signedInSession } from './support/session';
import { analysesPages } from './support/analyses-pages';
import { outputPages as out } from './support/output-pages';

const PROJECT = 'demo-nlu';
const ENV = 'demo-nlu-prod';
const ANALYSIS = 'Sinistre cuisine sortie';
let browser: Browser;
let page: Page;

const session = signedInSession('configurator');
beforeAll(() => {
  ({ browser, page } = session);
});

describe('output settings', () => {
  it('previews the payload of an analysis as the options change, and saves them', async () => {
    await analysesPages.openList(page, PROJECT, ENV);
    await page.getByRole('button', { name: 'Simuler un mail' }).click();
    await page.locator('#simulate-sender').fill('jeanne@client.example');
    await page.locator('#simulate-recipient').fill('sinistres@assureur.example');
    await page.locator('#simulate-subject').fill('Déclaration de sinistre');
    await page.locator('#simulate-body').fill('Bonjour, je souhaite déclarer un sinistre : un incendie a eu lieu dans ma cuisine. Mon contrat est le 123456.');
    await page.locator('#simulate-name').fill(ANALYSIS);
    await page.getByRole('button', { name: 'Simuler', exact: true }).click();
    await analysesPages.row(page, ANALYSIS).locator('[data-status="processed"]').waitFor({ timeout: 60_000 });

    await out.openFromMenu(page, PROJECT, ENV);
    await expect(out.option(page, 'Corps HTML').isChecked()).resolves.toBe(false);
    await out.pickAnalysis(page, ANALYSIS);
    await out.payload(page).waitFor();
    const before = await out.payloadJson(page);
    expect(before.analysis).toMatchObject({ name: ANALYSIS });
    expect(before.emailHeader).toMatchObject({ Subject: 'Déclaration de sinistre' });
    expect(before.nlu).not.toBeNull();
    const finalCategories = (json: Record<string, unknown>) => ((json.categories as { final: { category: string }[] }).final ?? []).map((entry) => entry.category);
    expect(finalCategories(before)).toContain('Déclaration de sinistre');
    expect((before.documents as object[])[0]).not.toHaveProperty('html');
    // The demo extracts data; the module this pipeline lacks gives its reason, translated.
    expect(before.extractedData).toMatchObject({ scope: 'analysis' });
    await expect(out.unavailable(page)).resolves.toContain('Résultat du moteur de vision — Aucun module « Moteur de vision » dans le pipeline de cet environnement');

    // Unsaved options change the preview: HTML bodies in, the claim category skipped, NLU out.
    await out.toggle(page, 'Corps HTML');
    await expect.poll(async () => Object.keys(((await out.payloadJson(page)).documents as object[])[0]!)).toContain('html');
    await out.skipCategory(page, 'Déclaration de sinistre');
    await expect.poll(async () => finalCategories(await out.payloadJson(page))).not.toContain('Déclaration de sinistre');
    await out.toggle(page, 'Résultat NLU');
    await expect.poll(async () => Object.keys(await out.payloadJson(page))).not.toContain('nlu');

    // Leaving with unsaved changes asks first; staying keeps them.
    await page.locator('.bp6-breadcrumbs').getByRole('link', { name: 'Configuration' }).click();
    const guard = page.getByRole('dialog');
    await guard.waitFor();
    await guard.getByRole('button', { name: 'Rester sur la page' }).click();
    await guard.waitFor({ state: 'hidden' });
    await expect(out.option(page, 'Corps HTML').isChecked()).resolves.toBe(true);

    // Saving takes data away (the NLU output, a category): it asks, then saves.
    await out.save(page);
    const confirmation = out.confirmation(page);
    await confirmation.waitFor();
    await expect(confirmation.textContent()).resolves.toContain('ne les recevront plus : Résultat NLU, la catégorie « Déclaration de sinistre »');
    await confirmation.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await confirmation.waitFor({ state: 'hidden' });
    await expect.poll(() => out.saveButton(page).isDisabled()).toBe(true);

    await page.reload();
    await expect.poll(() => out.option(page, 'Corps HTML').isChecked()).toBe(true);
    await expect.poll(() => out.option(page, 'Résultat NLU').isChecked()).toBe(false);

    // Back to the demo's options, for the other scenarios on this environment.
    await out.toggle(page, 'Corps HTML');
    await out.toggle(page, 'Résultat NLU');
    await out.skipCategory(page, 'Déclaration de sinistre');
    await out.save(page);
    await out.confirmation(page).getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => out.saveButton(page).isDisabled()).toBe(true);
  });

  it('lets a qualifier preview the payload but not change the options', async () => {
    const { context, page: qualifier } = await newPage(browser);
    await signInByApi(qualifier, 'qualifier');
    await out.openFromMenu(qualifier, PROJECT, ENV);
    await qualifier.getByTestId('output-read-only').waitFor();
    await expect(out.option(qualifier, 'Corps HTML').isDisabled()).resolves.toBe(true);
    await expect(out.saveButton(qualifier).count()).resolves.toBe(0);
    await out.pickAnalysis(qualifier, ANALYSIS);
    await out.payload(qualifier).waitFor();
    expect((await out.payloadJson(qualifier)).analysis).toMatchObject({ name: ANALYSIS });
    await context.close();
  });
});
