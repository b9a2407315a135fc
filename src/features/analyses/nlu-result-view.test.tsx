// @vitest-environment jsdom
/** The analysis result page's NLU module: each analysed block's text labelled, with its interactions, from the real engine's result. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { initI18n } from '../../i18n/setup';
import { analyseText, compileNlu } from '../../nlu';
import type { ModuleResult } from '../../contract/analyses';
import type { NluModuleResult } from '../../contract/nlu-module';
import { ModuleResults } from './module-results';

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(() => cleanup());

const text = 'Bonjour, un incendie a touché le contrat.';

function modules(): ModuleResult[] {
  const { engine } = compileNlu(
    {
      archetypes: [
        { name: 'claim', dictionaries: { fr: 'incendie' } },
        { name: 'contract', dictionaries: { fr: 'contrat' } },
      ],
      contexts: [{ name: 'insurance', languages: ['fr'], neutralizers: [], interactions: [{ id: 'declareClaim', enabled: true, ordered: false, distance: 10, functions: [], parameters: [{ name: 'event', position: 0, archetype: 'claim', optional: false, multiple: false, resetConversation: false }] }] }],
      functions: [],
    },
    { aiVersion: '4.12' },
  );
  const nlu: NluModuleResult = {
    server: 'main',
    context: 'insurance',
    blocksNotAnalysed: 0,
    blocks: [{ document: 0, block: 0, documentName: 'mail.eml', source: 'body', page: null, result: analyseText(engine!, text, { language: 'fr', multipleInteractions: false, labeling: true }) }],
  };
  const base = { message: null, startedAt: null, endedAt: null } as unknown as Omit<ModuleResult, 'moduleId' | 'type' | 'name' | 'outcome' | 'result'>;
  return [
    {
      ...base,
      moduleId: 'extractor',
      type: 'extractor',
      name: 'Extracteur',
      outcome: 'success',
      result: { documents: [{ fileId: null, path: [], name: 'mail.eml', source: 'body', contentType: 'text/plain', headers: null, html: null, pageCount: null, blocks: [{ page: null, text }], notes: [] }] },
    },
    { ...base, moduleId: 'nlu', type: 'nlu', name: 'NLU', outcome: 'success', result: nlu },
  ] as ModuleResult[];
}

describe('NLU result on the analysis page', () => {
  it("shows the block's text with its labels and the interactions table", () => {
    render(<ModuleResults modules={modules()} />);
    const result = screen.getByTestId('nlu-result');
    const labels = within(result).getAllByTestId('nlu-label');
    expect(labels.map((label) => [label.dataset.archetype, label.querySelector('mark')!.textContent])).toEqual([
      ['claim', 'incendie'],
      ['contract', 'contrat'],
    ]);
    expect(within(result).getByTestId('labelling-view').textContent).toContain('Bonjour, un ');
    const row = result.querySelector('tr[data-interaction="declareClaim"]')!;
    expect(row.textContent).toContain('Oui');
    expect(result.textContent).toContain('Serveur NLU : main');
  });

  it('falls back to the JSON tree when the result is not an NLU result', () => {
    const list = modules();
    list[1] = { ...list[1]!, result: { unexpected: true } };
    render(<ModuleResults modules={list} />);
    expect(screen.queryByTestId('nlu-result')).toBeNull();
    expect(screen.getByText(/unexpected/)).toBeTruthy();
  });
});
