/**
 * The files viewer as an analyst uses it: a whole folder of fixtures, nested messages, the MIME
 * torture test, a long PDF, hostile HTML — with no request carrying anything off the page.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { baseUrl, cspViolations, launchBrowser, waitForServiceWorker, type PageOptions, savedDownload } from './support/browser';
import { filesViewerPage as viewer } from './support/pages';
import { signedInPage } from './support/session';
import { parseMsg } from '../../src/parsing/msg';
import { docsPicture } from './support/docs-pictures';

const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/', import.meta.url));
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedInViewer(options: PageOptions = {}) {
  const opened = await signedInPage(browser, 'admin', options);
  await viewer.open(opened.page);
  return opened;
}

async function waitUntilParsed(page: Page, count: number) {
  await page.waitForFunction(
    (expected) => {
      const items = [...document.querySelectorAll('[data-testid="file-list"] [data-status]')];
      return items.length === expected && items.every((item) => ['done', 'error'].includes(item.getAttribute('data-status') ?? ''));
    },
    count,
    { timeout: 60_000 },
  ).catch(async (error) => {
    const seen = await page.locator('[data-testid="file-list"] [data-status]').evaluateAll((items) => items.map((item) => `${item.textContent} ${item.getAttribute('data-status')}`));
    throw new Error(`${(error as Error).message}\n${seen.length} entries: ${seen.filter((line) => !/ (done|error)$/.test(line)).join(' | ')}`);
  });
}

/** Console errors and warnings of the page and its frames (the mail's srcdoc frame included), and CSP reports. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

describe('files viewer', () => {
  it('opens mails and PDFs without a console error or a CSP violation', async () => {
    const { context, page } = await signedInViewer();
    const problems = consoleProblems(page);
    const mails = ['eml/mixed.eml', 'eml/mimetorture.eml', 'eml/calendar-event.eml', 'eml/bounce.eml', 'msg/htmlLink.msg', 'msg/attachAndInline.msg', 'msg/Outer mail.msg', 'msg/Hello +CJK.msg'];
    const pdfs = ['pdf/invoice.pdf', 'pdf/claim-letter-fr.pdf'];
    await viewer.openFiles(page, [...mails, ...pdfs].map((file) => join(FIXTURES, file)));
    await waitUntilParsed(page, mails.length + pdfs.length);
    for (const file of mails) {
      await viewer.treeItem(page, file.split('/')[1]!).click();
      await viewer.subject(page).waitFor();
      // The body drawn: sanitised HTML in its frame, or the text.
      await page.locator('[data-testid="mail-frame"], [data-testid="mail-text"], [data-testid="mail-nobody"]').first().waitFor();
      if (file === 'eml/bounce.eml') await docsPicture(page, 'files-viewer');
      await page.waitForTimeout(200);
    }
    for (const file of pdfs) {
      await viewer.treeItem(page, file.split('/')[1]!).click();
      await page.locator('[data-page="1"][data-rendered="true"]').waitFor();
    }
    expect(problems).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await context.close();
  });

  it('draws a PDF whose name does not say it is one, from the bytes the parser hands back', async () => {
    const { context, page } = await signedInViewer();
    const folder = mkdtempSync(join(tmpdir(), 'postroom-unnamed-pdf-'));
    const file = join(folder, 'scan-0042');
    writeFileSync(file, readFileSync(join(FIXTURES, 'pdf/invoice.pdf')));
    await viewer.openFiles(page, file);
    await page.locator('[data-page="1"][data-rendered="true"]').waitFor();
    await context.close();
  });

  it('opens a folder of every fixture offline, and sends nothing anywhere', async () => {
    const { context, page } = await signedInViewer({ serviceWorker: true });
    await waitForServiceWorker(page);
    const requests: Request[] = [];
    context.on('request', (request) => requests.push(request));
    await context.setOffline(true);

    await viewer.openFolder(page, FIXTURES);
    // 43 .msg, 5 .eml, 3 .pdf, 2 licences and a README.
    await waitUntilParsed(page, 54);
    const statuses = await viewer.entries(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
    expect(statuses.filter((status) => status === 'error')).toEqual([]);

    // Walk through every file so each view renders (mail HTML, PDF pages…).
    const count = await viewer.entries(page).count();
    for (let index = 0; index < count; index++) await viewer.entries(page).nth(index).click();

    const origin = new URL(baseUrl()).origin;
    const leaving = requests.filter((request) => {
      const url = request.url();
      if (url.startsWith('blob:') || url.startsWith('data:')) return false;
      return new URL(url).origin !== origin || request.method() !== 'GET' || new URL(url).pathname.startsWith('/api/');
    });
    expect(leaving.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
    await context.close();
  });

  it('shows a folder as a tree that opens, closes and selects with the keyboard', async () => {
    const { context, page } = await signedInViewer();
    await viewer.openFolder(page, join(FIXTURES, 'eml'));
    // The folder, then its 5 messages and its licence, one level down.
    await waitUntilParsed(page, 6);
    const folder = viewer.treeItem(page, 'eml');
    await expect.poll(() => folder.getAttribute('aria-expanded')).toBe('true');
    expect(await viewer.treeItem(page, 'arf.eml').getAttribute('aria-level')).toBe('2');
    await folder.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => folder.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => viewer.entries(page).count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewer.entries(page).count()).toBe(6);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // Second file of the folder: bounce.eml.
    await expect.poll(() => viewer.treeItem(page, 'bounce.eml').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('bounce.eml');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect.poll(() => viewer.treeItem(page, 'mixed.eml').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect.poll(() => folder.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('walks down a message inside a message inside a message, and back', async () => {
    const { context, page } = await signedInViewer();
    await viewer.openFiles(page, join(FIXTURES, 'msg/msgInMsgInMsg.msg'));
    await expect.poll(() => viewer.subject(page).textContent()).toBe('I have sub attachments!');
    await viewer.tab(page, /Pièces jointes|Attachments/).click();
    await expect.poll(() => viewer.attachmentRows(page).count()).toBe(2);
    await viewer.openAttachment(page, 0);
    await expect.poll(() => viewer.subject(page).textContent()).toBe('I have attachments!');
    await viewer.tab(page, /Pièces jointes|Attachments/).click();
    await viewer.openAttachment(page, 0);
    await expect.poll(() => viewer.subject(page).textContent()).toBe('Microsoft Outlook テスト メッセージ');
    await page.getByTestId('breadcrumb').getByRole('button', { name: 'msgInMsgInMsg.msg' }).click();
    await expect.poll(() => viewer.subject(page).textContent()).toBe('I have sub attachments!');

    // The embedded message downloads as a .msg of its own that reads back as the same message.
    await viewer.tab(page, /Pièces jointes|Attachments/).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      viewer.attachmentRows(page).nth(0).getByRole('button', { name: /Télécharger|Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('I have attachments!.msg');
    const saved = new Uint8Array(readFileSync(await savedDownload(download)));
    const { model } = await parseMsg(saved);
    expect(model.subject).toBe('I have attachments!');
    expect(model.attachments.map((a) => a.name)).toEqual(['Microsoft Outlook テスト メッセージ.msg', 'green.png']);
    await context.close();
  });

  it('opens the MIME torture test with its ten attached messages', async () => {
    const { context, page } = await signedInViewer();
    await viewer.openFiles(page, join(FIXTURES, 'eml/mimetorture.eml'));
    await expect.poll(() => viewer.subject(page).textContent()).toBe("Ryan Finnie's MIME Torture Test v1.0");
    await viewer.tab(page, /Pièces jointes|Attachments/).click();
    await expect.poll(() => viewer.attachmentRows(page).count()).toBe(10);
    await context.close();
  });

  it('opens the 120-page PDF and jumps to page 100', async () => {
    const { context, page } = await signedInViewer();
    await viewer.openFiles(page, join(FIXTURES, 'pdf/report-120-pages.pdf'));
    await expect.poll(() => page.getByTestId('pdf-page-count').textContent()).toBe('120 pages');
    await page.locator('[data-page="1"][data-rendered="true"]').waitFor();
    await page.locator('#fv-pdf-page').fill('100');
    await page.getByRole('button', { name: 'Aller à la page' }).click();
    await page.locator('[data-page="100"][data-rendered="true"]').waitFor();
    await expect.poll(() => page.locator('[data-page="100"] .textLayer').textContent()).toContain('Page 100 of the report');
    // Search reads the pages' text on demand and lists the one page holding the reference.
    await page.getByRole('searchbox', { name: 'Rechercher dans le texte' }).fill('ORD-10042');
    await expect.poll(() => page.getByTestId('pdf-matches').textContent(), { timeout: 20_000 }).toMatch(/^1 page contient ce texte/);
    await page.getByTestId('pdf-matches').getByRole('button', { name: '42', exact: true }).click();
    await page.locator('[data-page="42"][data-rendered="true"]').waitFor();
    // The hit is highlighted on its page, and the page box follows to 42.
    await expect.poll(() => page.locator('[data-page="42"] .textLayer .highlight').allTextContents()).toEqual(['ORD-10042']);
    await expect.poll(() => page.locator('#fv-pdf-page').inputValue()).toBe('42');
    // A new query moves the highlight.
    await page.getByRole('searchbox', { name: 'Rechercher dans le texte' }).fill('Page 42 of');
    await expect.poll(() => page.locator('[data-page="42"] .textLayer .highlight').allTextContents()).toEqual(['Page 42 of']);
    await context.close();
  });

  it('moves the page box with the page being read as the PDF scrolls', async () => {
    const { context, page } = await signedInViewer();
    await viewer.openFiles(page, join(FIXTURES, 'pdf/report-120-pages.pdf'));
    await page.locator('[data-page="1"][data-rendered="true"]').waitFor();
    expect(await page.locator('#fv-pdf-page').inputValue()).toBe('1');
    await page.locator('[data-page="7"]').scrollIntoViewIfNeeded();
    await page.locator('.p-fv-pdf-pages').evaluate((box) => box.scrollBy(0, 10));
    await expect.poll(() => page.locator('#fv-pdf-page').inputValue()).toMatch(/^[67]$/);
    await page.locator('.p-fv-pdf-pages').evaluate((box) => {
      box.scrollTop += box.querySelector('[data-page="30"]')!.getBoundingClientRect().top - box.getBoundingClientRect().top;
    });
    await expect.poll(() => page.locator('#fv-pdf-page').inputValue()).toBe('30');
    // The toolbar is the console's: a bordered bar on the theme's surface, not bare inline controls.
    const toolbar = await page.getByRole('toolbar').evaluate((bar) => ({ display: getComputedStyle(bar).display, border: getComputedStyle(bar).borderTopStyle }));
    expect(toolbar).toEqual({ display: 'flex', border: 'solid' });
    await context.close();
  });

  it('shows a hostile HTML message as text, running no script and sending no request', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'postroom-hostile-'));
    const file = join(folder, 'hostile.eml');
    writeFileSync(
      file,
      [
        'From: Mallory <mallory@evil.example>',
        'Subject: Hostile',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<p id="hello">Bonjour Alice</p><script>parent.postMessage("pwned","*");fetch("https://evil.example/s")</script>',
        '<img src="https://evil.example/pixel.gif" onerror="parent.postMessage(\'pwned\',\'*\')">',
        '<div style="background:url(https://evil.example/bg.png)">x</div><a href="javascript:alert(1)">clic</a>',
        '<svg><image href="https://evil.example/svg.png"/></svg><iframe src="https://evil.example/frame"></iframe>',
      ].join('\r\n'),
    );
    const { context, page } = await signedInViewer();
    const problems = consoleProblems(page);
    const requests: string[] = [];
    context.on('request', (request) => requests.push(request.url()));
    await page.evaluate(() => window.addEventListener('message', (event) => ((window as any).__messages ??= []).push(event.data)));
    await viewer.openFiles(page, file);
    await expect.poll(() => viewer.mailFrame(page).locator('#hello').textContent()).toBe('Bonjour Alice');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as any).__messages ?? [])).toEqual([]);
    expect(requests.filter((url) => url.includes('evil.example'))).toEqual([]);
    const sandbox = await page.getByTestId('mail-frame').getAttribute('sandbox');
    expect(sandbox).not.toContain('allow-scripts');
    // Its `onerror` never reached a parser: no "inline event handler" CSP report in the console.
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('files viewer: analyse with an environment', () => {
  it('analyses a dropped mail in the browser with the demo environment, marks what decided, and sends no part of the file', async () => {
    const { context, page } = await signedInPage(browser, 'qualifier');
    await viewer.open(page);
    const requests: Request[] = [];
    context.on('request', (request) => requests.push(request));
    // A word of the mail no request may carry (in its URL or its body).
    const marker = `Zorglub${Date.now()}`;
    const folder = mkdtempSync(join(tmpdir(), 'postroom-analyse-'));
    const mail = join(folder, 'sinistre.eml');
    writeFileSync(
      mail,
      'From: Jean Martin <jean.martin@example.com>\r\nTo: contact@assureur.example\r\nSubject: Sinistre\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n' +
        `Je déclare un sinistre survenu le 4 novembre 2026 : dégât des eaux chez ${marker}. Montant estimé des dommages : 1750 €.\r\n\r\nMon contrat est AB-70137.\r\n`,
    );
    await viewer.openFiles(page, mail);
    await viewer.subject(page).waitFor();
    await page.getByTestId('analyse-open').click();
    const environment = page.getByTestId('analysis-environment');
    await environment.waitFor();
    await environment.selectOption('demo-nlu-prod');
    await page.getByTestId('analysis-run').click();
    const result = page.getByTestId('analysis-result');
    await result.waitFor({ timeout: 60_000 });
    // The category, and its words marked in the mail's text once its line is chosen (keyboard).
    const category = result.locator('[data-testid="evidence-category"] [data-testid="evidence-item"][data-name="Déclaration de sinistre"]');
    await category.focus();
    await page.keyboard.press('Enter');
    await result.locator('mark.is-selected').first().waitFor();
    await expect.poll(() => result.getByTestId('evidence-status').textContent()).toMatch(/Déclaration de sinistre/);
    // An extracted field with its value.
    const field = result.locator('[data-testid="evidence-field"] [data-testid="evidence-item"][data-name="numeroContrat"]');
    expect(await field.textContent()).toContain('AB-70137');
    await docsPicture(page, 'files-viewer-analysis');
    // Only the environment's configuration was read: nothing was sent, no request carries the mail.
    const sent = requests.filter((request) => request.method() !== 'GET' && !new URL(request.url()).pathname.endsWith('/token/refresh'));
    expect(sent.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
    expect(requests.filter((request) => request.url().includes(marker) || (request.postData() ?? '').includes(marker)).map((request) => request.url())).toEqual([]);
    await context.close();
  });

  it('offline, analyses with an environment already used and says clearly when one was never read, the viewer still working', async () => {
    const { context, page } = await signedInPage(browser, 'qualifier');
    await viewer.open(page);
    await viewer.openFiles(page, join(FIXTURES, 'eml/mixed.eml'));
    await viewer.subject(page).waitFor();
    await page.getByTestId('analyse-open').click();
    const environment = page.getByTestId('analysis-environment');
    await environment.selectOption('demo-nlu-prod');
    await page.getByTestId('analysis-run').click();
    await page.getByTestId('analysis-result').waitFor({ timeout: 60_000 });
    await context.setOffline(true);
    // Never read in this browser: said, not attempted.
    await environment.selectOption('demo-ic-prod');
    await page.getByTestId('analysis-run').click();
    await expect.poll(() => page.getByTestId('analysis-failed').textContent()).toMatch(/Hors ligne/);
    // Read before: analysed from the cached configuration.
    await environment.selectOption('demo-nlu-prod');
    await page.getByTestId('analysis-run').click();
    await page.getByTestId('analysis-result').waitFor({ timeout: 60_000 });
    await viewer.tab(page, /En-têtes/).click();
    await context.setOffline(false);
    await context.close();
  });
});
