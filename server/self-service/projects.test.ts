/**
 * Names the server makes follow their creator's language: a light user's project is "Libre-service · …"
 * for a French reader, "Self-service · …" for an English one, read from the Accept-Language the console
 * sends with every call.
 */
import { describe, expect, it } from 'vitest';
import { requestLanguage } from '../i18n/error-messages';
import { selfServiceProjectName } from './projects';

const lea = { firstname: 'Léa', lastname: 'Martin' };

describe('self-service project name', () => {
  it('is in the language of the request that creates it', () => {
    expect(selfServiceProjectName(lea, requestLanguage({ headers: { 'accept-language': 'fr' } }))).toBe('Libre-service · Léa Martin');
    expect(selfServiceProjectName(lea, requestLanguage({ headers: { 'accept-language': 'en' } }))).toBe('Self-service · Léa Martin');
    // A program that names no language of ours: French, the default.
    expect(selfServiceProjectName(lea, requestLanguage({ headers: {} }))).toBe('Libre-service · Léa Martin');
    expect(selfServiceProjectName(lea, requestLanguage({ headers: { 'accept-language': 'de-DE,en;q=0.8' } }))).toBe('Self-service · Léa Martin');
  });

  it('keeps at most 50 characters', () => {
    expect(selfServiceProjectName({ firstname: 'A'.repeat(40), lastname: 'B'.repeat(40) }, 'en')).toHaveLength(50);
  });
});
