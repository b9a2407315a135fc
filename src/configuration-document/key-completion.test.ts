import { describe, expect, it } from 'vitest';
import { configurationDocumentSchema } from './document';
import { configurationJsonSchema } from './json-schema';
import { completeKey } from './key-completion';
import { documentToText } from './text';

/** The keys offered at `|` in the text. */
function keysAt(text: string): string[] {
  const lines = text.split('\n');
  const lineIndex = lines.findIndex((line) => line.includes('|'));
  const column = lines[lineIndex]!.indexOf('|');
  lines[lineIndex] = lines[lineIndex]!.replace('|', '');
  return completeKey(configurationJsonSchema(), lines, lineIndex, column)?.keys.map((key) => key.name) ?? [];
}

const stored = documentToText(configurationDocumentSchema.parse({ settings: { modules: [{ id: 'c', type: 'categorization', name: 'C', config: { defaultCategory: 'Autre' } }] } }) as never);

describe('key completion from the JSON Schema', () => {
  it("offers the settings keys a map does not have yet, among the document's other keys", () => {
    const withoutTemplates = stored.replace(/^ {2}replyTemplates: .*\n/m, '');
    expect(keysAt(withoutTemplates.replace('  debugMode: false\n', '  debugMode: false\n  re|\n'))).toEqual(['replyTemplates']);
    expect(keysAt(stored.replace('  debugMode: false\n', '  debugMode: false\n  re|\n'))).toEqual([]);
    const withoutBoth = withoutTemplates.replace(/^ {2}retention: .*\n/m, '');
    expect(keysAt(withoutBoth.replace('  debugMode: false\n', '  debugMode: false\n  re|\n'))).toEqual(['retention', 'replyTemplates']);
  });

  it("offers a module's own config keys by its type", () => {
    const text = stored.replace('        defaultCategory: Autre\n', '        defaultCategory: Autre\n        cat|\n');
    expect(keysAt(text)).toEqual(['categories']);
    expect(keysAt(stored.replace('        defaultCategory: Autre\n', '        defaultCategory: Autre\n        categories:\n          - id: a\n            na|\n'))).toEqual(['name']);
  });

  it('offers the keys of a new list item and of the NLU', () => {
    expect(keysAt(stored.replace('  archetypes: []\n', '  archetypes:\n    - |\n'))).toEqual(expect.arrayContaining(['name', 'langs', 'dict']));
    expect(keysAt(`${stored}  ar|\n`)).toEqual([]);
    expect(keysAt(stored.replace('  archetypes: []\n', '').replace('nlu:\n', 'nlu:\n  ar|\n'))).toEqual(['archetypes']);
  });
});
