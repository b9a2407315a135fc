import { describe, expect, it } from 'vitest';
import { START_NAMESPACES } from '../i18n/texts/loaders';
import { texts as english } from '../i18n/texts/texts-en';
import { texts as french } from '../i18n/texts/texts-fr';
import { configurationMenu, entryDescriptionKey, sectionTitleKey, SIDE_MENU_NAMESPACES } from './configuration-menu';

const lookup = (all: Record<string, unknown>, key: string): unknown => {
  const [namespace, path] = key.split(':') as [string, string];
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], all[namespace]);
};

describe('configuration menu', () => {
  // Every environment page draws the side menu: with a module's namespace in it, the analyses list
  // downloaded nine modules' texts (~24 KB gzip in French) for five section titles.
  it('draws the side menu with texts every page has already loaded', () => {
    for (const namespace of SIDE_MENU_NAMESPACES) expect(START_NAMESPACES).toContain(namespace);
    for (const section of configurationMenu) expect(sectionTitleKey(section).split(':')[0], section.id).toBe('navigation');
  });

  it('has every section title and entry description in both languages', () => {
    for (const section of configurationMenu) {
      for (const all of [french, english]) {
        expect(typeof lookup(all, sectionTitleKey(section)), sectionTitleKey(section)).toBe('string');
        for (const entry of section.entries) expect(typeof lookup(all, entryDescriptionKey(section, entry)), entryDescriptionKey(section, entry)).toBe('string');
      }
    }
  });
});
