// @vitest-environment jsdom
/** The labelling view on the real engine's result: each span underlined and headed by its archetype, nested labels kept. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { analyseText, compileNlu } from '../nlu';
import { archetypeColour, labelSpans, LabellingView } from './labelling-view';

afterEach(() => cleanup());

describe('labelling view', () => {
  it('heads each span the engine found with its archetype, in text order, the rest left as text', () => {
    const { engine } = compileNlu(
      {
        archetypes: [
          { name: 'claim', dictionaries: { fr: 'sinistre\nincendie' } },
          { name: 'contract', dictionaries: { fr: 'contrat' } },
        ],
        contexts: [],
        functions: [],
      },
      { aiVersion: '4.12' },
    );
    const text = 'Incendie déclaré sur le contrat, sinistre grave.';
    const result = analyseText(engine!, text, { language: 'fr', multipleInteractions: false, labeling: true });
    render(<LabellingView text={text} labels={result.labels} />);
    const labels = screen.getAllByTestId('nlu-label');
    expect(labels.map((label) => [label.dataset.archetype, label.querySelector('mark')!.textContent, label.querySelector('.p-label__name')!.textContent])).toEqual([
      ['claim', 'Incendie', 'claim'],
      ['contract', 'contrat', 'contract'],
      ['claim', 'sinistre', 'claim'],
    ]);
    expect(screen.getByTestId('labelling-view').textContent).toBe('claimIncendie déclaré sur le contractcontrat, claimsinistre grave.');
    expect(labels[0]!.style.borderBottomColor).not.toBe('');
  });

  it('keeps the outermost of overlapping spans and lists the inner archetype in its heading', () => {
    const text = 'contrat AB-12 signé';
    const spans = labelSpans(text, [
      { start: 8, end: 13, archetype: 'contractNumber', text: 'AB-12' },
      { start: 0, end: 13, archetype: 'contract', text: 'contrat AB-12' },
      { start: 14, end: 40, archetype: 'outside', text: 'signé…' },
    ]);
    expect(spans).toEqual([{ start: 0, end: 13, archetypes: ['contract', 'contractNumber'] }]);
  });

  it('gives an archetype the same colour every time', () => {
    expect(archetypeColour('claim')).toBe(archetypeColour('claim'));
    expect(archetypeColour('claim')).toMatch(/^#[0-9a-f]{6}$/);
  });
});
