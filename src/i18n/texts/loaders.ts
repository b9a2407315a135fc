/**
 * Where the browser gets its texts (bench:shell, docs/development/benchmarks.md). The texts of every namespace in
 * both languages are ~100 KB of gzip JavaScript, more than half the login page's budget, so:
 * - the login page and the shell around it (title, offline tag, toasts, notification layers) paint
 *   with the few namespaces of `START_NAMESPACES`, one small chunk each, in the user's language only;
 * - a language's every namespace is one chunk (`texts-fr.ts`, `texts-en.ts`, built from the folder,
 *   so a new namespace needs no line here), loaded after the login page's first paint (or, for a
 *   signed-in user opening another page, at once beside the start's stages: `src/main.tsx`) and
 *   awaited before any other page renders (the root route's loader) and before a change of language.
 * The files are imported as raw text and parsed (`by-namespace.ts`: faster than object literals).
 * The service worker precaches every chunk, so all of this works offline.
 */
import type { Language } from '../../storage/preferences';

/** What the login page, its layout and the root shell show. A text of another namespace there shows its key. */
export const START_NAMESPACES = ['common', 'routes', 'errors', 'auth', 'account', 'pwa', 'navigation'] as const;

type Texts = Record<string, unknown>;

/** One chunk per file; the pattern repeats `START_NAMESPACES` because a glob must be a literal. */
const startLoaders = import.meta.glob<string>('../resources/*/{common,routes,errors,auth,account,pwa,navigation}.json', {
  query: '?raw',
  import: 'default',
});

/** The start namespaces of one language: `{ namespace: texts }`. */
export async function loadStartTexts(language: Language): Promise<Record<string, Texts>> {
  const entries = await Promise.all(
    START_NAMESPACES.map(async (namespace) => [namespace, JSON.parse(await startLoaders[`../resources/${language}/${namespace}.json`]!()) as Texts] as const),
  );
  return Object.fromEntries(entries);
}

/** Every namespace of one language: `{ namespace: texts }`. */
export async function loadAllTexts(language: Language): Promise<Record<string, Texts>> {
  const module = language === 'en' ? await import('./texts-en') : await import('./texts-fr');
  return module.texts;
}
