/** i18next with French as default and fallback (spec §1); the language comes from the preferences. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { namespaces, resources } from './resources';
import type { Language } from '../storage/preferences';

export async function initI18n(language: Language): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'fr',
    supportedLngs: ['fr', 'en'],
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
  return i18next;
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18next };
