/**
 * Where the browser gets its texts (bench:shell, docs/development/benchmarks.md). Every namespace of every
 * language is a small chunk of its own, loaded when a screen first needs it:
 * - the login page and the shell around it (title, offline tag, toasts, notification layers) paint
 *   with the few namespaces of `START_NAMESPACES`, in the user's language only;
 * - any other namespace comes through i18next's backend (`setup.ts`): a component's
 *   `useTranslation('analyses')` waits for its namespaces (Suspense), a key of a namespace not
 *   loaded yet loads it and the components re-render, and an error answer's texts are loaded before
 *   the error is thrown (`src/api/errors.ts`).
 * The files are imported as raw text and parsed (faster for the engine than object literals).
 * `texts-fr.ts` and `texts-en.ts` hold every namespace of a language at once, for the tests.
 * The service worker precaches every chunk, so all of this works offline.
 */
import type { Language } from '../../storage/preferences';

/** What the login page, its layout and the root shell show. */
export const START_NAMESPACES = ['common', 'routes', 'errors', 'auth', 'account', 'pwa', 'navigation'] as const;

type Texts = Record<string, unknown>;

/** One chunk per file. */
const loaders = import.meta.glob<string>('../resources/*/*.json', { query: '?raw', import: 'default' });

/** Whether `namespace` has texts (a file in the resources folder). */
export function isNamespace(namespace: string): boolean {
  return `../resources/fr/${namespace}.json` in loaders;
}

/** One namespace's texts in `language`. */
export async function loadNamespace(language: Language, namespace: string): Promise<Texts> {
  const load = loaders[`../resources/${language}/${namespace}.json`];
  if (!load) throw new Error(`No texts for the namespace ${language}/${namespace}`);
  return JSON.parse(await load()) as Texts;
}

/** The start namespaces of one language: `{ namespace: texts }`. */
export async function loadStartTexts(language: Language): Promise<Record<string, Texts>> {
  const entries = await Promise.all(START_NAMESPACES.map(async (namespace) => [namespace, await loadNamespace(language, namespace)] as const));
  return Object.fromEntries(entries);
}

/** Every namespace of one language: `{ namespace: texts }` (tests, and callers showing any text). */
export async function loadAllTexts(language: Language): Promise<Record<string, Texts>> {
  const module = language === 'en' ? await import('./texts-en') : await import('./texts-fr');
  return module.texts;
}
