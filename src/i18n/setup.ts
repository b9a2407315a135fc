/**
 * i18next with French as default and fallback (spec §1); the language comes from the preferences.
 * Texts load per namespace (`texts/loaders.ts`): the browser starts with the login page's namespaces
 * (`initStartI18n`) and every other namespace comes when a screen first needs it, through the backend
 * below; tests and other callers of `initI18n` get every namespace of both languages at once.
 */
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../storage/preferences';
import { isNamespace, loadAllTexts, loadNamespace, loadStartTexts } from './texts/loaders';

function addTexts(language: Language, texts: Record<string, Record<string, unknown>>): void {
  for (const [namespace, bundle] of Object.entries(texts)) i18next.addResourceBundle(language, namespace, bundle, true, true);
}

const asLanguage = (language: string): Language => (language === 'en' ? 'en' : 'fr');

/** i18next's loads (`useTranslation(namespace)`, `loadNamespaces`, a change of language) read the chunks. */
const namespaceChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadNamespace(asLanguage(language), namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * A key of a namespace not loaded yet (a `t('sre:…')` in a component that asked for another
 * namespace, a message descriptor resolved later) loads that namespace; the components re-render
 * when it is added (`bindI18nStore`), so the text replaces the key at once.
 */
function loadMissingNamespace(_languages: readonly string[], namespace: string): void {
  if (!isNamespace(namespace) || i18next.hasResourceBundle(i18next.language, namespace)) return;
  void i18next.loadNamespaces(namespace).catch(() => undefined);
}

async function init(language: Language): Promise<void> {
  // Once: a second init would replace the store, dropping the bundles already added.
  if (i18next.isInitialized) {
    await i18next.changeLanguage(language);
    document.documentElement.lang = language;
    return;
  }
  await i18next
    .use(namespaceChunks)
    .use(initReactI18next)
    .init({
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: 'fr',
      supportedLngs: ['fr', 'en'],
      // Nothing at init: the start namespaces are added by `initStartI18n`, the rest on demand.
      ns: [],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      saveMissing: true,
      missingKeyHandler: loadMissingNamespace,
      react: { bindI18nStore: 'added' },
    });
  document.documentElement.lang = language;
}

const loading = new Map<Language, Promise<void>>();

/** Adds every namespace of `language` (once; again after a failure). */
function loadTexts(language: Language): Promise<void> {
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

/** The browser's start: only the login page's namespaces, in `language`; the rest comes on demand. */
export async function initStartI18n(language: Language): Promise<void> {
  await init(language);
  if (!loading.has(language)) addTexts(language, await loadStartTexts(language));
}

/** Loads `namespaces` in the language shown (and French, its fallback) unless they are there. */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  const missing = namespaces.filter((namespace) => isNamespace(namespace) && !i18next.hasResourceBundle(i18next.language, namespace));
  if (missing.length > 0) await i18next.loadNamespaces(missing);
}

/** The namespaces loaded so far are loaded in the new language before the switch, so no screen shows keys. */
export async function changeLanguage(language: Language): Promise<void> {
  const shown = Object.keys(i18next.store.data[i18next.language] ?? {});
  const texts = await Promise.all(shown.map(async (namespace) => [namespace, await loadNamespace(language, namespace)] as const));
  addTexts(language, Object.fromEntries(texts));
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The language shown now. */
export function currentLanguage(): Language {
  return i18next.language === 'en' ? 'en' : 'fr';
}

export { i18next };
