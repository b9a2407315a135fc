// @vitest-environment jsdom
/** The versions screen names a change in the user's language, and its values in words. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { SettingsChange } from '../contract/environments';
import { initI18n } from '../i18n/setup';
import { changePlace, changeValue } from './settings-change';

let fr: TFunction<'environments'>;
let en: TFunction<'environments'>;

beforeAll(async () => {
  const i18n = await initI18n('fr');
  fr = i18n.getFixedT('fr', 'environments');
  en = i18n.getFixedT('en', 'environments');
});

const change = (path: string[], before: unknown, after: unknown, kind: SettingsChange['kind'] = 'changed'): SettingsChange => ({ path, kind, before, after });

describe('a configuration change', () => {
  it('is placed with the labels of the settings screen', () => {
    expect(changePlace(fr, ['content', 'ocrJpg'])).toBe('Contenu › OCR des JPG');
    expect(changePlace(en, ['retention'])).toBe('Analyses retention');
    expect(changePlace(fr, ['extractor', 'parser', 'document', 'maxPages'])).toBe('Extracteur › Réglages communs › Document › Pages maximum');
    expect(changePlace(fr, ['extractor', 'subParsers', 'pdf', 'image', 'ocr'])).toBe('Extracteur › Réglages par extension › .pdf › Image › OCR');
    expect(changePlace(fr, ['modules', 'Compréhension', 'active'])).toBe('Modules › « Compréhension » › Actif');
    expect(changePlace(fr, ['categories', 'Sinistre'])).toBe('Catégories › « Sinistre »');
  });

  it('keeps a key the screens do not know rather than hiding it', () => {
    expect(changePlace(fr, ['modules', 'Sortie', 'config', 'format'])).toBe('Modules › « Sortie » › Configuration › format');
    expect(changePlace(fr, ['somethingNew'])).toBe('somethingNew');
  });

  it('shows values in words', () => {
    expect(changeValue(fr, change(['debugMode'], false, true), true)).toBe('Oui');
    expect(changeValue(en, change(['retention'], '1m', '1y'), '1y')).toBe('1 year');
    expect(changeValue(fr, change(['languages'], 'fr', ''), '')).toBe('—');
    expect(changeValue(fr, change(['modules', 'Tri'], null, { type: 'categorization', name: 'Tri' }, 'added'), { type: 'categorization', name: 'Tri' })).toBe(
      'Catégorisation « Tri »',
    );
  });
});
