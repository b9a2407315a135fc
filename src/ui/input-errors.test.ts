// @vitest-environment jsdom
/** Every input error code of the contract has its text in French and English. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { INPUT_ERROR_CODES } from '../contract/define';
import { resources } from '../i18n/resources';
import { initI18n } from '../i18n/setup';
import { requestErrorText } from './input-errors';

const httpError = (jsonData: unknown) => new ApiError('http', 'HTTP 400', { url: '/x', status: 400, jsonData });

describe('input error codes', () => {
  beforeAll(async () => {
    await initI18n('fr');
  });

  it.each(INPUT_ERROR_CODES)('%s is translated in fr and en', (code) => {
    for (const language of ['fr', 'en'] as const) {
      const input = (resources[language].errors as { input?: Record<string, string> }).input ?? {};
      expect(input[code], `${language}: errors:input.${code}`).toEqual(expect.any(String));
    }
  });

  it('translates a code with its parameters, and never shows the server sentence', () => {
    expect(requestErrorText(httpError({ code: 'bodyTooLarge', limit: 65536, message: 'The body is larger' }))).toBe(
      "L'envoi est trop volumineux (65536 octets au plus).",
    );
    expect(requestErrorText(httpError({ code: 'invalidJson', message: 'x' }))).toBe('Les données envoyées ne sont pas du JSON valide.');
    expect(requestErrorText(httpError({ code: 'somethingElse', message: 'Server says' }))).toBe("Le serveur a répondu avec l'erreur 400.");
  });
});
