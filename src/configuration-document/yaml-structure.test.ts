/**
 * What a document's YAML may not do, each a problem on its line rather than a crash or a wait: an
 * alias, a key written twice (checked in linear time: a document of one huge map used to take
 * minutes), a text past the size limit (refused before parsing).
 */
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_DOCUMENT_MAX_CHARS } from '../contract/configuration-document';
import { documentProblems } from './problems';

const lineOf = (text: string, fragment: string) => text.split('\n').findIndex((row) => row.includes(fragment)) + 1;

describe('YAML structure of a configuration document', () => {
  it('reports every alias on its line with its own code, without resolving it', () => {
    const text = 'settings: &base\n  modules: []\nnlu:\n  archetypes: *base\n  contexts: [*base]\n';
    const { problems } = documentProblems(text);
    expect(problems.map((problem) => [problem.code, problem.line])).toEqual([
      ['configurationAlias', lineOf(text, 'archetypes: *base')],
      ['configurationAlias', lineOf(text, 'contexts: [*base]')],
    ]);
    expect(problems[0]).toMatchObject({ source: 'syntax', severity: 'error', params: { line: 4 } });
  });

  it('finds the duplicate keys of a map of 80 000 keys, with their lines, in linear time', () => {
    const lines = ['settings: {}', 'nlu: {}', 'extra:'];
    for (let index = 0; index < 80_000; index += 1) lines.push(`  key${index}: ${index}`);
    lines.push('  key7: again', '  key79999: again', '  "1": text', '  1: number');
    const text = `${lines.join('\n')}\n`;
    expect(text.length).toBeLessThan(CONFIGURATION_DOCUMENT_MAX_CHARS);
    const started = Date.now();
    const duplicates = documentProblems(text).problems.filter((problem) => problem.code === 'configurationDuplicateKey');
    // Type counts: the string "1" and the number 1 are two keys.
    expect(duplicates.map((problem) => problem.line)).toEqual([lineOf(text, 'key7: again'), lineOf(text, 'key79999: again')]);
    // The library's quadratic check took minutes here; linear parsing takes seconds even on a loaded machine.
    expect(Date.now() - started).toBeLessThan(25_000);
  }, 30_000);

  it('refuses a text past the limit before parsing it, naming the limit', () => {
    const text = `settings: {}\nnlu: {}\n#${'x'.repeat(CONFIGURATION_DOCUMENT_MAX_CHARS)}\n`;
    const started = Date.now();
    const { problems } = documentProblems(text);
    expect(problems).toEqual([expect.objectContaining({ code: 'configurationTooLarge', line: 1, params: expect.objectContaining({ limit: CONFIGURATION_DOCUMENT_MAX_CHARS }) })]);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
