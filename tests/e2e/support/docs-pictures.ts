/**
 * The guide's pictures (docs/guide/images/) are taken by the browser scenarios as they pass the
 * screens the guide describes, so a picture shows the console as it is, not as it was when someone
 * last took one by hand. `npm run docs:screenshots` runs those scenarios with
 * POSTROOM_DOCS_SCREENSHOTS=1; in any other run `docsPicture` returns at once.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

export const DOCS_IMAGES = path.resolve(import.meta.dirname, '../../../docs/guide/images');

/** The size every picture is taken at: the guide's pages show them side by side at one scale. */
export const DOCS_VIEWPORT = { width: 1280, height: 800 };

/** A toast saying what the scenario's last click did is not part of the screen the guide shows. */
const HIDDEN_WHILE_TAKEN = '.p-toaster, .bp6-toast { visibility: hidden !important; }';

const enabled = process.env.POSTROOM_DOCS_SCREENSHOTS === '1';

/**
 * Saves `docs/guide/images/<name>.png` of the page as shown, scrolled to its top, or to `ready` (the
 * part of the screen the picture is about) once it is visible: the caller has already waited for the
 * screen, `ready` names a part of it below the fold.
 */
export async function docsPicture(page: Page, name: string, ready?: Locator): Promise<void> {
  if (!enabled) return;
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`docsPicture: "${name}" is not a file name of lower-case words`);
  const viewport = page.viewportSize();
  if (viewport?.width !== DOCS_VIEWPORT.width || viewport.height !== DOCS_VIEWPORT.height) await page.setViewportSize(DOCS_VIEWPORT);
  if (ready) await ready.first().waitFor({ state: 'visible' });
  // A picture taken while a web font is still loading shows the fallback font's text.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  mkdirSync(DOCS_IMAGES, { recursive: true });
  // The screen as it opens, not where the scenario last scrolled to; or, when the picture is about a
  // part further down, that part.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    for (const element of document.querySelectorAll('*')) if (element.scrollTop > 0) element.scrollTop = 0;
  });
  if (ready) await ready.first().scrollIntoViewIfNeeded();
  // No transition caught halfway and no blinking caret: the screen at rest, as a reader will see it.
  await page.screenshot({ path: path.join(DOCS_IMAGES, `${name}.png`), animations: 'disabled', caret: 'hide', style: HIDDEN_WHILE_TAKEN });
  if (viewport && (viewport.width !== DOCS_VIEWPORT.width || viewport.height !== DOCS_VIEWPORT.height)) await page.setViewportSize(viewport);
}
