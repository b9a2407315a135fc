import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { START_NAMESPACES, loadAllTexts, loadStartTexts } from './loaders';

const resources = new URL('../resources/', import.meta.url);
const namespacesOf = (language: string) => readdirSync(new URL(`${language}/`, resources)).filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -'.json'.length));
const fileTexts = (language: string, namespace: string): unknown => JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, resources), 'utf8'));

describe('texts loaders (files imported raw and parsed)', () => {
  it.each(['fr', 'en'] as const)('gives every %s namespace with the texts of its file', async (language) => {
    const texts = await loadAllTexts(language);
    expect(Object.keys(texts).sort()).toEqual(namespacesOf(language).sort());
    for (const namespace of Object.keys(texts)) expect(texts[namespace]).toEqual(fileTexts(language, namespace));
  });

  it('starts with the start namespaces only, in the language asked for', async () => {
    const texts = await loadStartTexts('en');
    expect(Object.keys(texts).sort()).toEqual([...START_NAMESPACES].sort());
    expect(texts.auth).toEqual(fileTexts('en', 'auth'));
  });
});
