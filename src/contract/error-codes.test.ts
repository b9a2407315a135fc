/** Every code the server may answer has its text in French and in English (brief: one language per user). */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { ERROR_CODE_GROUPS, SERVER_ERROR_CODES, errorTextKey } from './error-codes';

function textAt(language: 'fr' | 'en', key: string): unknown {
  const [namespace, path] = key.split(':') as [string, string];
  let node: unknown = (resources[language] as Record<string, unknown>)[namespace];
  for (const part of path.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

describe('server error codes', () => {
  it('are listed once each, and every group is read', () => {
    expect(new Set(SERVER_ERROR_CODES).size).toBe(SERVER_ERROR_CODES.length);
    expect(SERVER_ERROR_CODES.length).toBeGreaterThan(100);
    for (const group of ERROR_CODE_GROUPS) expect(group.codes.length, group.texts).toBeGreaterThan(0);
  });

  it.each(['fr', 'en'] as const)('each have a text in %s', (language) => {
    const missing = SERVER_ERROR_CODES.filter((code) => {
      const text = textAt(language, errorTextKey(code) ?? '');
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing, `codes without a ${language} text: ${missing.map((code) => errorTextKey(code)).join(', ')}`).toEqual([]);
  });

  it('knows nothing of a code it does not list', () => {
    expect(errorTextKey('noSuchCode')).toBeUndefined();
    expect(errorTextKey('organisationNotFound')).toBe('errors:server.organisationNotFound');
  });
});
