/** The readable comparison behind the import preview and the versions screen. */
import { describe, expect, it } from 'vitest';
import { environmentSettingsSchema, type EnvironmentSettingsInput } from '../../src/contract/environments';
import { compareSettings } from './settings-diff';

const settings = (input: EnvironmentSettingsInput) => environmentSettingsSchema.parse(input);
const mod = (id: string, type: string, name: string, extra: object = {}) => ({ id, type, name, ...extra }) as never;

describe('comparing two configurations', () => {
  it('finds nothing between equal configurations', () => {
    expect(compareSettings(settings({}), settings({}))).toEqual([]);
  });

  it('reads a moved module as a change of position of the modules that moved, named by their name', () => {
    const before = settings({ modules: [mod('e', 'extractor', 'Extracteur'), mod('n', 'nlu', 'NLU'), mod('a', 'categorization', 'Tri'), mod('b', 'extraction', 'Champs')] });
    const after = settings({ modules: [mod('e', 'extractor', 'Extracteur'), mod('n', 'nlu', 'NLU'), mod('b', 'extraction', 'Champs'), mod('a', 'categorization', 'Tri')] });
    expect(compareSettings(before, after)).toEqual([
      { path: ['modules', 'Tri', 'position'], kind: 'changed', before: 3, after: 4 },
      { path: ['modules', 'Champs', 'position'], kind: 'changed', before: 4, after: 3 },
    ]);
  });

  it('names a renamed module by its new name, and added or removed ones whole', () => {
    const before = settings({ modules: [mod('e', 'extractor', 'Extracteur'), mod('x', 'consolidation', 'Ancien')] });
    const after = settings({ modules: [mod('e', 'extractor', 'Extraction'), mod('y', 'output', 'Sortie')] });
    const changes = compareSettings(before, after);
    expect(changes).toContainEqual({ path: ['modules', 'Extraction', 'name'], kind: 'changed', before: 'Extracteur', after: 'Extraction' });
    expect(changes).toContainEqual(expect.objectContaining({ path: ['modules', 'Ancien'], kind: 'removed', after: null }));
    expect(changes).toContainEqual(expect.objectContaining({ path: ['modules', 'Sortie'], kind: 'added', before: null }));
  });

  it('names reply templates by their name, down to the field that changed', () => {
    const template = { id: 't1', name: 'Sinistre', body: 'Bonjour', category: 'Déclaration de sinistre' };
    const changes = compareSettings(settings({ replyTemplates: [template] }), settings({ replyTemplates: [{ ...template, body: 'Bonjour,' }, { id: 't2', name: 'Signature', body: '' }] }));
    expect(changes).toContainEqual({ path: ['replyTemplates', 'Sinistre', 'body'], kind: 'changed', before: 'Bonjour', after: 'Bonjour,' });
    expect(changes).toContainEqual(expect.objectContaining({ path: ['replyTemplates', 'Signature'], kind: 'added' }));
  });

  it('compares plain lists as a whole and walks nested settings down to the field', () => {
    const changes = compareSettings(
      settings({ languages: ['fr', 'gb'] }),
      settings({ languages: ['fr'], extractor: { parser: { document: { maxPages: 3 } } } as never }),
    );
    expect(changes).toContainEqual({ path: ['languages'], kind: 'changed', before: 'fr, gb', after: 'fr' });
    expect(changes).toContainEqual({ path: ['extractor', 'parser', 'document', 'maxPages'], kind: 'changed', before: 50, after: 3 });
  });

  it('matches categories by name', () => {
    const changes = compareSettings(
      settings({ categories: [{ name: 'Sinistre', description: 'a' }, { name: 'Devis' }] }),
      settings({ categories: [{ name: 'Devis' }, { name: 'Sinistre', description: 'b' }] }),
    );
    expect(changes).toEqual([{ path: ['categories', 'Sinistre', 'description'], kind: 'changed', before: 'a', after: 'b' }]);
  });
});
