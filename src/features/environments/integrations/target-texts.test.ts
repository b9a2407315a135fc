/**
 * The output mapping's target list speaks the user's language: every field of every connector type
 * has a French and an English text, never the raw key (`editor.targets.jira.summary`).
 */
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { CONNECTOR_FIELDS, CONNECTOR_TYPES } from '../../../contract/integrations';
import { resources } from '../../../i18n/resources';
import { targetTexts } from './target-texts';

async function translator(language: 'fr' | 'en') {
  const i18n = createInstance();
  await i18n.init({ lng: language, fallbackLng: false, resources, interpolation: { escapeValue: false } });
  return i18n.getFixedT(language, 'integrations');
}

describe.each(['fr', 'en'] as const)('connector field texts in %s', (language) => {
  it.each(CONNECTOR_TYPES)('name every field of %s', async (type) => {
    const texts = targetTexts(await translator(language), type);
    for (const field of CONNECTOR_FIELDS[type]) {
      expect(texts[field], `${type}.${field}`).toBeTruthy();
      expect(texts[field], `${type}.${field}`).not.toMatch(/editor\.targets/);
      expect(texts[field]).not.toBe(field);
    }
  });
});

describe('fields of the same name', () => {
  it('read as what they are in each tool', async () => {
    const t = await translator('fr');
    expect(targetTexts(t, 'm365').categories).toBe('Catégories Outlook');
    expect(targetTexts(t, 'n8n').categories).not.toMatch(/Outlook/);
    expect(targetTexts(t, 'jira').summary).toBe('Résumé du ticket (summary)');
  });
});
