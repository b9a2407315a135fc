/** The editor's completion, from the JSON Schema generated from the contract (codemirror-json-schema on our schema). */
import { describe, expect, it } from 'vitest';
import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { yaml } from '@codemirror/lang-yaml';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { stateExtensions } from 'codemirror-json-schema';
import { yamlCompletion } from 'codemirror-json-schema/yaml';
import { configurationJsonSchema } from '../../../configuration-document/json-schema';

async function labelsAt(text: string): Promise<string[]> {
  const cursor = text.indexOf('|');
  const doc = text.replace('|', '');
  const created = EditorState.create({ doc, extensions: [yaml(), stateExtensions(configurationJsonSchema() as Parameters<typeof stateExtensions>[0])] });
  // The parser works to a time budget: on a busy machine, finish the tree before asking (an editor has it by then).
  ensureSyntaxTree(created, doc.length, 10_000);
  const state = created.update({}).state;
  const result = (await yamlCompletion()(new CompletionContext(state, cursor, true))) as CompletionResult | never[];
  return 'options' in result ? result.options.map((option) => option.label) : [];
}

// A key is completed where YAML reads a key: beside another key of the same map (a lone word under a
// key is that key's value).
describe('configuration completion', () => {
  it('offers the settings keys the contract declares', async () => {
    expect(await labelsAt('settings:\n  debugMode: false\n  re|\n')).toEqual(expect.arrayContaining(['retention', 'replyTemplates']));
  });

  it('offers the keys of a module in the module list', async () => {
    expect(await labelsAt('settings:\n  modules:\n    - id: c\n      na|\n')).toEqual(['name']);
  });

  it('offers the NLU export keys', async () => {
    expect(await labelsAt('nlu:\n  servers: []\n  arch|\n')).toContain('archetypes');
  });
});
