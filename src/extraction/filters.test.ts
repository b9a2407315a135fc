import { describe, expect, it } from 'vitest';
import { EXAMPLE_TEXT, SNIPPET_FILTERS } from './filters';
import { runSnippet, snippetSyntaxError, snippetVariables, SNIPPET_VARIABLES } from './snippets';

const variables = { text: EXAMPLE_TEXT, language: 'fr', now: '2026-03-20T10:00:00.000Z', metadata: {}, headers: {}, fields: {} };

describe('snippet filters', () => {
  it.each(SNIPPET_FILTERS.map((filter) => [filter.name, filter] as const))('%s prints what its documented example says', (_name, filter) => {
    const run = runSnippet(filter.example.program, variables);
    expect(run).toEqual({ ok: true, values: [filter.example.output] });
  });

  it('documents every variable the engine gives a snippet, each with an example that runs', () => {
    const scope = { text: 't', document: null, documents: [], interactions: [], headers: {}, metadata: {}, language: 'fr' as const, now: new Date('2026-03-20T10:00:00Z'), spanAt: () => null };
    expect(SNIPPET_VARIABLES.map((variable) => variable.name).sort()).toEqual(Object.keys(snippetVariables(scope, {})).sort());
    for (const variable of SNIPPET_VARIABLES) expect(runSnippet(variable.example, snippetVariables(scope, {})), variable.name).toMatchObject({ ok: true });
  });

  it('reads relative dates from the analysis date and the language', () => {
    expect(runSnippet('{{ "hier" | parse_date }}', variables)).toEqual({ ok: true, values: ['2026-03-19'] });
    expect(runSnippet('{{ "yesterday" | parse_date }}', { ...variables, language: 'gb' })).toEqual({ ok: true, values: ['2026-03-19'] });
  });

  it('refuses an unsafe or broken pattern in regex_find with a runtime error', () => {
    expect(runSnippet('{{ text | regex_find: "(a" }}', variables)).toMatchObject({ ok: false, code: 'snippetRuntime' });
    expect(runSnippet('{{ text | regex_find: "a", 3 }}', variables)).toMatchObject({ ok: false, code: 'snippetRuntime' });
  });

  it('gives the syntax error of a snippet with its line', () => {
    expect(snippetSyntaxError('{{ text }}')).toBeNull();
    expect(snippetSyntaxError('a\nb\n{% for %}')).toMatchObject({ line: 3 });
    expect(snippetSyntaxError('{{ text | unknown_filter }}')).not.toBeNull();
  });
});
