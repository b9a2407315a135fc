/**
 * i18next with French as default and fallback (spec §1); the language comes from the preferences.
 * The texts are added as bundles when loaded (`texts/loaders.ts`): the browser starts with the login
 * page's namespaces (`initStartI18n`) and adds the rest with `loadTexts`; tests and other callers of
 * `initI18n` get every namespace of both languages at once.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../storage/preferences';
import { loadAllTexts, loadStartTexts } from './texts/loaders';

function addTexts(language: Language, texts: Record<string, Record<string, unknown>>): void {
  for (const [namespace, bundle] of Object.entries(texts)) i18next.addResourceBundle(language, namespace, bundle, true, true);
}

async function init(language: Language): Promise<void> {
  // Once: a second init would replace the store, dropping the bundles already added.
  if (i18next.isInitialized) {
    await i18next.changeLanguage(language);
    document.documentElement.lang = language;
    return;
  }
  await i18next.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: language,
    fallbackLng: 'fr',
    supportedLngs: ['fr', 'en'],
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
}

const loading = new Map<Language, Promise<void>>();

/** Adds every namespace of `language` (once; again after a failure, e.g. offline before the precache). */
export function loadTexts(language: Language): Promise<void> {
  let texts = loading.get(language);
  if (!texts) {
    texts = loadAllTexts(language).then((all) => addTexts(language, all));
    texts.catch(() => loading.delete(language));
    loading.set(language, texts);
  }
  return texts;
}

/**
 * Every namespace of both languages and the server error codes' table (tests, and any caller that
 * needs every text the console can show at once).
 */
export async function initI18n(language: Language): Promise<typeof i18next> {
  await init(language);
  await Promise.all([loadTexts('fr'), loadTexts('en'), import('../api/errors').then((errors) => errors.loadServerErrorTexts())]);
  return i18next;
}

/** The browser's start: only the login page's namespaces, in `language`; the rest comes with `loadTexts`. */
export async function initStartI18n(language: Language): Promise<void> {
  await init(language);
  if (!loading.has(language)) addTexts(language, await loadStartTexts(language));
}

/** The language's texts are loaded before the switch, so no screen shows keys meanwhile. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadTexts(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The language shown now. */
export function currentLanguage(): Language {
  return i18next.language === 'en' ? 'en' : 'fr';
}

export { i18next };
