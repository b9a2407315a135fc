// @vitest-environment jsdom
/**
 * The analysis result page's categorization module: each document's category with the rule that
 * fired and the criteria that held, from the real engine's result, in French and in English.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '../../i18n/setup';
import { categorize } from '../../categorization/categorize';
import { doc, found, input } from '../../categorization/test-fixtures';
import type { ModuleResult } from '../../contract/analyses';
import { ModuleResults } from './module-results';

afterEach(() => cleanup());

function categorization(): ModuleResult {
  const config = {
    defaultCategory: 'Autre',
    categories: [
      {
        id: 'claim',
        name: 'Gros sinistre',
        rules: [
          {
            id: 'r1',
            name: 'declarerSinistre',
            priority: 3,
            criteria: [
              { type: 'interaction', interaction: 'declarerSinistre', context: 'assurance', parameters: [{ parameter: 'montant', condition: { operator: 'greaterThan', value: '10000', valueType: 'number' } }] },
              { type: 'header', header: 'subject', condition: { operator: 'contains', value: 'sinistre' } },
            ],
          },
        ],
      },
    ],
  };
  const result = categorize(
    input(config, [doc(0, 'body', [[found('declarerSinistre', { montant: ['48250'] })]], 'mail.eml'), doc(1, 'attachment', [[]], 'photo.jpg')], { headers: { subject: 'Déclaration de sinistre' } }),
  );
  return { moduleId: 'cat', type: 'categorization', name: 'Catégorisation', outcome: 'success', result, message: null, startedAt: null, endedAt: null } as unknown as ModuleResult;
}

describe('categorization result', () => {
  it('shows each document category and why, in French', async () => {
    await initI18n('fr');
    render(<ModuleResults modules={[categorization()]} />);
    const [mail, photo] = screen.getAllByTestId('document-categories');
    const decision = within(mail!).getByTestId('category-decision');
    expect(within(decision).getByTestId('category-name').textContent).toBe('Gros sinistre');
    expect(within(decision).getByTestId('category-why').textContent).toContain('La règle « declarerSinistre » (priorité 3, ET) s\'est déclenchée car :');
    const held = within(decision).getAllByTestId('held-criterion').map((item) => item.textContent);
    expect(held[0]).toContain('Interaction « declarerSinistre » (assurance), paramètre montant > 10000 (nombre)');
    // The words of the document behind the interaction, and where they stand.
    expect(within(decision).getByTestId('criterion-words').textContent).toBe(' — mots : « 48250 » (ligne 1)');
    expect(held[1]).toContain('En-tête subject contient « sinistre »');
    expect(held[1]).toContain('trouvé : subject: Déclaration de sinistre');
    expect(within(photo!).getByTestId('category-name').textContent).toBe('Autre');
    expect(within(photo!).getByTestId('category-why').textContent).toBe('Catégorie par défaut : aucune règle ne correspond');
  });

  it('says the same in English', async () => {
    await initI18n('en');
    await i18next.changeLanguage('en');
    render(<ModuleResults modules={[categorization()]} />);
    const [mail, photo] = screen.getAllByTestId('document-categories');
    expect(within(mail!).getByTestId('category-why').textContent).toContain('Rule "declarerSinistre" (priority 3, AND) fired because:');
    expect(within(mail!).getAllByTestId('held-criterion')[0]!.textContent).toContain('Interaction "declarerSinistre" (assurance), parameter montant > 10000 (number)');
    expect(within(mail!).getByTestId('criterion-words').textContent).toBe(' — words: “48250” (line 1)');
    expect(within(photo!).getByTestId('category-why').textContent).toBe('Default category: no rule matched');
  });

  it("links a quoted word to its place in the NLU view's text of the document", async () => {
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    const text = 'Bonjour,\nMontant du sinistre : 48250 euros.';
    const start = text.indexOf('48250');
    const interaction = { id: 'declarerSinistre', context: 'assurance', complete: true, missing: [], parameters: { montant: [{ value: '48250', text: '48250', start, end: start + 5, archetype: 'montant', path: [], parents: [] }] } };
    const module = (type: string, result: unknown) => ({ moduleId: type, type, name: type, outcome: 'success', message: null, result }) as unknown as ModuleResult;
    const config = { categories: [{ id: 'c', name: 'Sinistre', rules: [{ id: 'r', name: 'montant', criteria: [{ type: 'interaction', interaction: 'declarerSinistre', parameters: [] }] }] }] };
    const modules = [
      module('extractor', { documents: [{ fileId: null, path: ['mail.eml'], name: 'mail.eml', source: 'body', contentType: 'text/plain', headers: null, html: null, pageCount: null, blocks: [{ page: null, text }], notes: [] }] }),
      module('nlu', {
        server: 'main',
        context: null,
        blocksNotAnalysed: 0,
        blocks: [{ document: 0, block: 0, documentName: 'mail.eml', source: 'body', page: null, result: { language: 'fr', interactions: [interaction], labels: [{ start, end: start + 5, archetype: 'montant', text: '48250' }] } }],
      }),
      module('categorization', categorize(input(config, [{ index: 0, name: 'mail.eml', source: 'body', blocks: [{ page: null, text, interactions: [interaction] }] }]))),
    ];
    render(<ModuleResults modules={modules} />);
    window.getSelection()!.removeAllRanges();
    fireEvent.click(screen.getByRole('button', { name: '« 48250 » (ligne 2)' }));
    const selection = window.getSelection()!;
    expect(selection.toString()).toBe('48250');
    expect(selection.anchorNode!.parentElement!.closest('[data-testid="labelling-view"]')).not.toBeNull();
  });

  it('takes a quote to the very words it was read in when the same words stand earlier in the document', async () => {
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    const earlier = 'Ancien montant : 48250 euros.';
    const text = 'Bonjour,\nMontant du sinistre : 48250 euros.';
    const start = text.indexOf('48250');
    const interaction = { id: 'declarerSinistre', context: 'assurance', complete: true, missing: [], parameters: { montant: [{ value: '48250', text: '48250', start, end: start + 5, archetype: 'montant', path: [], parents: [] }] } };
    const module = (type: string, result: unknown) => ({ moduleId: type, type, name: type, outcome: 'success', message: null, result }) as unknown as ModuleResult;
    const config = { categories: [{ id: 'c', name: 'Sinistre', rules: [{ id: 'r', name: 'montant', criteria: [{ type: 'interaction', interaction: 'declarerSinistre', parameters: [] }] }] }] };
    const nluBlock = (block: number, interactions: unknown[]) => ({ document: 0, block, documentName: 'mail.eml', source: 'body', page: null, result: { language: 'fr', interactions, labels: [] } });
    const modules = [
      module('extractor', { documents: [{ fileId: null, path: ['mail.eml'], name: 'mail.eml', source: 'body', contentType: 'text/plain', headers: null, html: null, pageCount: null, blocks: [{ page: null, text: earlier }, { page: null, text }], notes: [] }] }),
      module('nlu', { server: 'main', context: null, blocksNotAnalysed: 0, blocks: [nluBlock(0, []), nluBlock(1, [interaction])] }),
      module('categorization', categorize(input(config, [{ index: 0, name: 'mail.eml', source: 'body', blocks: [{ page: null, text: earlier, interactions: [] }, { page: null, text, interactions: [interaction] }] }]))),
    ];
    render(<ModuleResults modules={modules} />);
    window.getSelection()!.removeAllRanges();
    fireEvent.click(screen.getByRole('button', { name: /« 48250 »/ }));
    const selection = window.getSelection()!;
    expect(selection.toString()).toBe('48250');
    expect(selection.anchorNode!.parentElement!.closest<HTMLElement>('[data-testid="nlu-block"]')!.dataset.blockIndex).toBe('1');
  });
});
