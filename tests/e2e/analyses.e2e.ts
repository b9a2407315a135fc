/**
 * Analysing mail in the console as a new user would: upload an .eml with a PDF attachment,
 * watch it go to processed, open the result, read the attachment's extracted text and the webhook
 * delivery to a local receiver; simulate a mail; test the extractor on a file. A second server with
 * no pipeline worker keeps analyses waiting, to abort one and to read why it cannot be reanalyzed
 * while it is processing; the extractor and OCR test screens redirect when their module is off.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newPage, openPage, savedDownload } from './support/browser';
import { DEMO_PASSWORD } from './support/pages';
import { signInByApi } from './support/session';
import { startServerProcess, type ServerProcess } from '../../scripts/server-process';
import { analysesPages } from './support/analyses-pages';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const CLAIM_PDF = path.join(FIXTURES, 'pdf/claim-letter-fr.pdf');
const INVOICE_PDF = path.join(FIXTURES, 'pdf/invoice.pdf');
const PROJECT = 'demo-ic';

let browser: Browser;
let receiver: Server;
let receiverUrl: string;
const received: { body: string; headers: Record<string, unknown> }[] = [];
let workDir: string;
let emlPath: string;
let exePath: string;
let envId: string;

/** The API as a program would call it, to prepare an environment with an extractor, an output module and a webhook. */
async function api(server: string, token: string | null, method: string, route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${server}${route}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

async function prepareEnvironment(server: string): Promise<string> {
  const { token } = (await api(server, null, 'POST', '/api/login_check', { username: 'admin', password: DEMO_PASSWORD })) as { token: string };
  const env = (await api(server, token, 'POST', `/v4/console/api/project/${PROJECT}/environments`, {
    name: `Courrier e2e ${Date.now()}`,
    visibility: 'public',
    source: { kind: 'scratch' },
  })) as { id: string; name: string };
  const details = (await api(server, token, 'GET', `/v4/console/api/environment/${env.id}/settings`)) as {
    name: string;
    visibility: string;
    priority: boolean;
    settings: Record<string, unknown>;
  };
  await api(server, token, 'PUT', `/v4/console/api/environment/${env.id}/settings`, {
    name: details.name,
    visibility: details.visibility,
    priority: details.priority,
    settings: {
      ...details.settings,
      modules: [
        { id: 'extractor', type: 'extractor', name: 'Extracteur' },
        { id: 'output', type: 'output', name: 'Sortie' },
      ],
    },
  });
  await api(server, token, 'POST', `/v4/console/api/environment/${env.id}/webhooks`, {
    url: receiverUrl,
    type: 'analysis',
    format: 'json',
    active: true,
  });
  return env.id;
}

/** Switches the extractor off in an environment's settings (what the settings screen's switch does). */
async function switchExtractorOff(server: string, id: string): Promise<void> {
  const { token } = (await api(server, null, 'POST', '/api/login_check', { username: 'admin', password: DEMO_PASSWORD })) as { token: string };
  const details = (await api(server, token, 'GET', `/v4/console/api/environment/${id}/settings`)) as {
    name: string;
    visibility: string;
    priority: boolean;
    settings: { extractor: Record<string, unknown> };
  };
  await api(server, token, 'PUT', `/v4/console/api/environment/${id}/settings`, {
    name: details.name,
    visibility: details.visibility,
    priority: details.priority,
    settings: { ...details.settings, extractor: { ...details.settings.extractor, active: false } },
  });
}

/** An .eml with the claim letter attached, as a mail client would write it. */
async function claimMail(): Promise<Buffer> {
  const composer = new MailComposer({
    from: 'Élodie Marchand <elodie@example.com>',
    to: 'sinistres@assureur.example',
    subject: 'Déclaration de sinistre 2026-0042',
    text: 'Bonjour, veuillez trouver la déclaration en pièce jointe.',
    attachments: [{ filename: 'declaration.pdf', content: await readFile(CLAIM_PDF), contentType: 'application/pdf' }],
  });
  return composer.compile().build();
}

async function signIn(page: Page, username = 'admin') {
  await signInByApi(page, username);
  await page.waitForURL(/\/orga/);
}

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      response.statusCode = 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  workDir = await mkdtemp(path.join(tmpdir(), 'postroom-analyses-e2e-'));
  emlPath = path.join(workDir, 'sinistre.eml');
  await writeFile(emlPath, await claimMail());
  exePath = path.join(workDir, 'setup.exe');
  await writeFile(exePath, 'MZ');
  envId = await prepareEnvironment(baseUrl());
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('analysing mail', () => {
  it('takes an uploaded mail with a PDF attachment to processed, with its extracted text and webhook delivery', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await analysesPages.openList(page, PROJECT, envId);
    await page.getByText("Aucune analyse pour l'instant").waitFor();

    // §5 messages before anything is sent.
    await page.getByRole('button', { name: 'Nouvelle analyse' }).click();
    await analysesPages.chooseMainFile(page, exePath);
    await expect(page.getByTestId('upload-problems').textContent()).resolves.toContain("setup.exe: L'extension « exe » n'est pas autorisée");
    expect(await page.getByRole('button', { name: 'Envoyer' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Retirer setup.exe' }).click();
    await analysesPages.chooseMainFile(page, emlPath);
    await page.locator('#analysis-name').fill('Sinistre entrepôt');
    await page.locator('#analysis-metadata').fill('{"dossier": "2026-0042"}');
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByText('Analyse mise en file').waitFor();

    // The list refreshes by itself until the row is processed.
    const row = analysesPages.row(page, 'Sinistre entrepôt');
    await row.locator('[data-status="processed"]').waitFor({ timeout: 30000 });
    await expect(row.textContent()).resolves.toContain('E-mail');

    // Search in metadata, status filter, column toggle kept after a reload, page download.
    await page.locator('#analyses-search').fill('2026-0042');
    await page.getByText('Aucune analyse ne correspond à ces filtres').waitFor();
    // The filters live in the URL: the box shows ticked once the navigation is done.
    await page.getByText('Inclure les métadonnées').click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Inclure les métadonnées' }).isChecked()).toBe(true);
    await row.waitFor();
    await page.getByRole('button', { name: 'Erreur', exact: true }).click();
    await page.getByText('Aucune analyse ne correspond à ces filtres').waitFor();
    await page.getByRole('button', { name: 'Traitée', exact: true }).click();
    await page.getByRole('button', { name: 'Erreur', exact: true }).click();
    await row.waitFor();
    // The date filters' calendar comes when the user reaches a field, not with the list; a start
    // after today leaves no analysis, and clearing it brings the row back.
    const loadedScripts = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
    expect((await loadedScripts()).filter((script) => /\/date-field-[\w-]+\.js$/.test(script))).toEqual([]);
    const from = page.getByLabel('Du', { exact: true });
    await from.click();
    await page.getByRole('dialog', { name: 'Calendrier' }).waitFor();
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    const day = (n: number) => String(n).padStart(2, '0');
    await from.fill(`${day(tomorrow.getDate())}/${day(tomorrow.getMonth() + 1)}/${day(tomorrow.getFullYear() % 100)}`);
    await from.press('Enter');
    await page.getByText('Aucune analyse ne correspond à ces filtres').waitFor();
    await from.fill('');
    await from.press('Enter');
    await row.waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Colonnes' }).click();
    await page.getByText('Métadonnées', { exact: true }).click();
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(row.textContent()).resolves.toContain('dossier: 2026-0042');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger cette page' }).click()]);
    const csv = await readFile(await savedDownload(download), 'utf8');
    expect(csv).toContain('Sinistre entrepôt');
    expect(csv).toContain('Traitée');

    // The result: overview, the attachment's text, the output payload, the delivery and the trace.
    await row.getByRole('link').click();
    await page.getByTestId('overview').waitFor();
    await expect(page.getByTestId('overview').textContent()).resolves.toContain('Traitée');
    // The sections are tabs, the open one named in the address and kept by a reload.
    expect(await page.getByTestId('files').count()).toBe(0);
    await page.getByRole('tab', { name: "Vue d'ensemble", selected: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Documents', selected: true }).waitFor();
    await page.waitForURL(/\?tab=documents$/);
    await page.reload();
    await page.getByTestId('files').waitFor();
    await analysesPages.tab(page, 'Modules');
    await page.waitForURL(/\?tab=modules$/);
    // The extractor module is named "Extracteur": its type is not repeated as a tag beside it.
    const extractor = page.locator('[data-testid="module-result"][data-module-type="extractor"]');
    await expect(extractor.locator('h4').textContent()).resolves.toContain('Extracteur');
    expect(await extractor.locator('h4 .bp6-tag').count()).toBe(1);
    const attachment = page.locator('[data-testid="extracted-document"][data-source="attachment"]');
    await expect(attachment.textContent()).resolves.toContain('declaration.pdf');
    await expect(attachment.textContent()).resolves.toContain('dossier 2026-0042');
    await page.getByTestId('output-payload').waitFor();
    await analysesPages.tab(page, 'Documents');
    const [original] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger sinistre.eml' }).click()]);
    expect(original.suggestedFilename()).toBe('sinistre.eml');
    expect(await readFile(await savedDownload(original))).toEqual(await readFile(emlPath));
    await expect.poll(() => received.length, { timeout: 20000 }).toBeGreaterThan(0);
    expect(received[0]!.body).toContain('2026-0042');
    await expect
      .poll(async () => {
        await page.reload();
        await analysesPages.tab(page, 'Envois');
        return page.locator('[data-testid="deliveries"] tr[data-outcome="delivered"]').count();
      }, { timeout: 20000 })
      .toBeGreaterThan(0);
    await expect(page.getByTestId('deliveries').textContent()).resolves.toContain(receiverUrl);
    await expect(page.getByTestId('deliveries').textContent()).resolves.toContain('200');
    await analysesPages.tab(page, 'Trace');
    await expect(page.locator('[data-testid="trace"] li[data-module="extractor"]').getAttribute('data-outcome')).resolves.toBe('success');
    await context.close();
  });

  it('simulates a mail, refusing addresses without an at-sign', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);
    await analysesPages.openList(page, PROJECT, envId);
    await page.getByRole('button', { name: 'Simuler un mail' }).click();
    await page.locator('#simulate-sender').fill('client.example.com');
    await page.locator('#simulate-recipient').fill('devis@vendeur.example');
    await page.locator('#simulate-subject').fill('Demande de devis');
    await page.locator('#simulate-body').fill('Bonjour, merci de nous chiffrer 40 palettes.');
    await page.getByRole('button', { name: 'Simuler', exact: true }).click();
    await page.getByText('Doit contenir une arobase (@)').waitFor();
    await page.locator('#simulate-sender').fill('client@acheteur.example');
    await page.locator('#simulate-name').fill('Devis palettes');
    await page.getByRole('button', { name: 'Simuler', exact: true }).click();
    await page.getByText('Mail simulé mis en file').waitFor();

    const row = analysesPages.row(page, 'Devis palettes');
    await row.locator('[data-status="processed"]').waitFor({ timeout: 30000 });
    await expect(row.textContent()).resolves.toContain('Mail simulé');
    await row.getByRole('link').click();
    await analysesPages.tab(page, 'Modules');
    await expect(page.getByTestId('extracted-documents').textContent()).resolves.toContain('40 palettes');

    // The legacy IC views show the same analyses.
    await openPage(page, `/project/${PROJECT}/environment/${envId}/ic-analyses`);
    await page.getByText("Vue historique des analyses d'un projet IC.").waitFor();
    await analysesPages.row(page, 'Devis palettes').getByRole('link').click();
    await page.waitForURL(/\/ic-analyses\/[^/]+$/);
    await analysesPages.tab(page, 'Modules');
    await expect(page.getByTestId('extracted-documents').textContent()).resolves.toContain('40 palettes');
    await context.close();
  });

  it('runs the extractor test on a file and copies the result', async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signIn(page);
    await openPage(page, `/project/${PROJECT}/environment/${envId}/test-extractor`);
    await page.getByLabel('Choisir un fichier').setInputFiles(INVOICE_PDF);
    await page.getByTestId('extracted-documents').waitFor({ timeout: 30000 });
    await expect(page.getByTestId('extracted-documents').textContent()).resolves.toContain('invoice.pdf');
    await page.getByRole('button', { name: 'Copier le résultat' }).click();
    await page.getByText('Résultat copié').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(JSON.parse(copied)).toHaveProperty('documents');
    await context.close();
  });
});

describe('with no pipeline worker running', () => {
  let idle: ServerProcess;
  let idleBrowserPage: { page: Page; close: () => Promise<void> };

  beforeAll(async () => {
    idle = await startServerProcess({ env: { POSTROOM_PIPELINE_WORKERS: '0' } });
    await switchExtractorOff(idle.url, 'demo-ic-recette');
    const { context, page } = await newPage(browser, { baseURL: idle.url });
    idleBrowserPage = { page, close: () => context.close() };
    await signIn(idleBrowserPage.page);
  });

  afterAll(async () => {
    await idleBrowserPage?.close();
    await idle?.stop();
  });

  it('aborts a waiting analysis, and says why it cannot be reanalyzed while processing', async () => {
    const { page } = idleBrowserPage;
    await analysesPages.openList(page, PROJECT, 'demo-ic-prod');
    await page.getByRole('button', { name: 'Nouvelle analyse' }).click();
    await analysesPages.chooseMainFile(page, INVOICE_PDF);
    await page.getByRole('button', { name: 'Envoyer' }).click();
    const row = analysesPages.row(page, 'invoice.pdf');
    await row.locator('[data-status="waiting"]').waitFor();
    await page.getByTestId('auto-refresh').waitFor();
    await row.getByRole('link').click();

    const reanalyze = page.getByRole('button', { name: 'Réanalyser' });
    await page.getByTestId('overview').waitFor();
    expect(await reanalyze.isDisabled()).toBe(true);
    // A disabled button gets no pointer events: its tooltip hangs on the wrapper around it.
    await page.locator('.bp6-popover-target', { has: reanalyze }).hover();
    await page.getByText("L'analyse est déjà en cours de traitement.").waitFor();

    await page.getByRole('button', { name: 'Interrompre' }).click();
    await page.getByText('Analyse interrompue').waitFor();
    await page.locator('[data-testid="overview"] [data-status="aborted"]').waitFor();
    expect(await reanalyze.isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Interrompre' }).isDisabled()).toBe(true);

    // Deleting asks first, then goes back to the list.
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await page.locator('.bp6-alert').getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Analyse supprimée').waitFor();
    await page.waitForURL(/\/analyses$/);
    await page.getByText("Aucune analyse pour l'instant").waitFor();
  });

  it('sends the extractor and OCR test screens to the dashboard when their module is not enabled', async () => {
    const { page } = idleBrowserPage;
    await openPage(page, `/project/${PROJECT}/environment/demo-ic-recette/test-extractor`);
    await page.waitForURL(/\/environment\/demo-ic-recette\/dashboard$/);
    await page.getByText("L'extracteur n'est pas activé dans cet environnement").waitFor();
    await openPage(page, `/project/${PROJECT}/environment/demo-ic-prod/test-ocrDataExtraction`);
    await page.waitForURL(/\/environment\/demo-ic-prod\/dashboard$/);
    await page.getByText("L'extraction de données OCR n'est pas activée dans cet environnement").waitFor();
  });
});
