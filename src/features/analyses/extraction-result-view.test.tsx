// @vitest-environment jsdom
/**
 * The analysis result page's information extraction module: the values of each document (per
 * document input type) from the real engine, "not found" for a field without value, and each
 * field's error translated from its code, in French and in English.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '../../i18n/setup';
import type { ModuleResult } from '../../contract/analyses';
import { extractionConfigSchema } from '../../contract/modules/extraction';
import { extract } from '../../extraction/extract';
import { ModuleResults } from './module-results';

afterEach(() => cleanup());

function extraction(): ModuleResult {
  const result = extract({
    config: extractionConfigSchema.parse({
      fields: [
        { id: 'a', name: 'montant', format: 'number', source: { type: 'builtin', builtin: 'amount' } },
        { id: 'b', name: 'urgent', format: 'boolean', source: { type: 'header', header: 'subject' } },
      ],
    }),
    documents: [
      { index: 0, name: 'mail.eml', source: 'main', blocks: [{ page: null, text: 'Montant : 1 250,50 €', interactions: [] }] },
      { index: 1, name: 'photo.jpg', source: 'attachment', blocks: [{ page: null, text: '', interactions: [] }] },
    ],
    inputType: 'both',
    headers: { subject: 'Sinistre' },
    metadata: {},
    language: 'fr',
    now: new Date('2026-03-20T10:00:00Z'),
  });
  return { moduleId: 'ext', type: 'extraction', name: 'Extraction', outcome: 'success', result, message: null } as unknown as ModuleResult;
}

describe('extraction result', () => {
  it('shows each document values and field errors, in French', async () => {
    await initI18n('fr');
    render(<ModuleResults modules={[extraction()]} />);
    const view = screen.getByTestId('extraction-result');
    const mail = within(view).getByRole('table', { name: 'Document mail.eml' });
    const rows = within(mail).getAllByTestId('extracted-field').map((row) => row.textContent);
    expect(rows).toEqual(['montant1250.5', 'urgentnon trouvé']);
    const photo = within(view).getByRole('table', { name: 'Document photo.jpg' });
    expect(within(photo).getAllByTestId('extracted-field')[0]!.textContent).toBe('montantnon trouvé');
    expect(view.textContent).toContain('« Sinistre » n\'est pas un oui / non.');
  });

  it('says the same in English', async () => {
    await initI18n('en');
    await i18next.changeLanguage('en');
    render(<ModuleResults modules={[extraction()]} />);
    const view = screen.getByTestId('extraction-result');
    expect(within(view).getByRole('table', { name: 'Document photo.jpg' }).textContent).toContain('not found');
    expect(view.textContent).toContain('"Sinistre" is not a yes / no value.');
  });
});
