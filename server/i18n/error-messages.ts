/**
 * Error answers in the caller's language: `message` is the text of the answer's `code`,
 * in the language Accept-Language asks for, French by default (spec §1). The console does not read
 * it (it translates `code` itself); programs calling the API do.
 */
import i18next from 'i18next';
import { namespaces, resources } from '../../src/i18n/resources';
import { serverErrorText } from '../../src/i18n/server-error-text';
import type { ErrorBody } from '../http-error';

const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const translator = i18next.createInstance();
void translator.init({
  resources,
  lng: 'fr',
  fallbackLng: 'fr',
  supportedLngs: [...LANGUAGES],
  ns: namespaces,
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The first of our languages the header names, by quality; French when it names none. */
export function languageOf(acceptLanguage: string | undefined): Language {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...options] = part.trim().toLowerCase().split(';');
      const quality = Number(options.find((option) => option.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { primary: tag.split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0 };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality);
  for (const { primary } of ranked) if ((LANGUAGES as readonly string[]).includes(primary)) return primary as Language;
  return 'fr';
}

/**
 * The language of the person making a request: the console sends its own (the reader's preference,
 * per browser) as Accept-Language with every call (src/api/request.ts); a program sends its own or none
 * (French). The one place the server reads it, for the texts and names it makes in the caller's language.
 */
export function requestLanguage(request: { headers: { 'accept-language'?: string | string[] | undefined } }): Language {
  const header = request.headers['accept-language'];
  return languageOf(Array.isArray(header) ? header.join(',') : header);
}

/** A text of the resources in `language`: names the server makes (a self-service project…) follow their creator's. */
export function serverText(language: Language, key: string, params: Record<string, unknown> = {}): string {
  return translator.getFixedT(language)(key as never, params as never) as unknown as string;
}

/** A translate function in `language` (pipeline messages of API answers use it too). */
export function translatorFor(language: Language): (key: string, params: Record<string, unknown>) => string {
  const t = translator.getFixedT(language);
  return (key, params) => t(key as never, params as never) as unknown as string;
}

/** The body with its `message` in `language` (unchanged when its code has no text). */
export function localizedErrorBody(body: ErrorBody, language: Language): ErrorBody {
  const t = translator.getFixedT(language);
  const text = serverErrorText((key, params) => t(key as never, params as never) as unknown as string, body, language);
  return text === undefined ? body : { ...body, message: text };
}
