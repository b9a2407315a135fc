// @vitest-environment jsdom
/** The expected-values form: one control per value format, the format switch, the problems shown on the entry. */
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { initI18n } from '../../i18n/setup';
import type { LabellingVocabulary } from '../../contract/testing-center-bank';
import { draftOf, expectedOf, type Draft } from './expected-draft';
import { ExpectedForm } from './expected-form';

beforeAll(() => initI18n('fr'));
afterEach(cleanup);

const VOCABULARY: LabellingVocabulary = {
  categories: [
    { name: 'Résiliation', description: '', target: 'body' },
    { name: 'Demande de devis', description: '', target: 'body' },
    { name: 'Facture', description: '', target: 'attachment' },
  ],
  fields: [
    { name: 'montant', label: 'Montant', format: 'number', attachment: false },
    { name: 'numeroContrat', label: 'Numéro de contrat', format: 'string', attachment: false },
    { name: 'iban', label: 'IBAN', format: 'string', attachment: true },
  ],
};

let latest: Draft;
function Harness({ initial, vocabulary = VOCABULARY }: { initial: Draft; vocabulary?: LabellingVocabulary }) {
  const [draft, setDraft] = useState(initial);
  const { problems } = expectedOf(draft, ['categories', 'extracted_informations']);
  return (
    <ExpectedForm
      kinds={['categories', 'extracted_informations']}
      draft={draft}
      problems={problems}
      attachments={[]}
      attachmentCount={0}
      vocabulary={vocabulary}
      onChange={(next) => {
        latest = next;
        setDraft(next);
      }}
    />
  );
}

describe('expected values form', () => {
  it('shows each value with the control of its format and reports what does not parse', () => {
    render(
      <Harness
        initial={draftOf({
          categories: { qualified: true, values: [{ key: 'category', document: null, format: 'string', value: 'Résiliation' }] },
          extracted_informations: { qualified: false, values: [{ key: 'montant', document: null, format: 'number', value: 12 }] },
        })}
      />,
    );
    const fields = screen.getByTestId('expected-form').querySelector('[data-kind="extracted_informations"]') as HTMLElement;
    const value = within(fields).getByLabelText('Valeur') as HTMLInputElement;
    fireEvent.change(value, { target: { value: 'douze' } });
    expect(within(fields).getByText("Ce n'est pas un nombre.")).toBeTruthy();

    // Changing the format gives the control of the new format, empty.
    fireEvent.change(within(fields).getByLabelText('Format'), { target: { value: 'boolean' } });
    const yesNo = within(fields).getByLabelText('Valeur') as HTMLInputElement;
    expect(yesNo.type).toBe('checkbox');
    expect(yesNo.checked).toBe(false);
    fireEvent.click(yesNo);
    expect(expectedOf(latest, ['extracted_informations']).expected.extracted_informations!.values).toEqual([{ key: 'montant', document: null, format: 'boolean', value: true }]);

    // The kind's switch marks it qualified.
    fireEvent.click(within(fields).getByRole('checkbox', { name: 'Qualifié' }));
    expect(latest.extracted_informations.qualified).toBe(true);
  });

  it("picks categories from the environment's, never typed, and confirms none", () => {
    render(<Harness initial={draftOf({ categories: { qualified: false, values: [{ key: 'category', document: null, format: 'string', value: 'Ancienne' }] } })} />);
    const card = screen.getByTestId('expected-form').querySelector('[data-kind="categories"]') as HTMLElement;
    const group = within(card).getByRole('group', { name: 'Catégories attendues du message' });
    // The body's categories only (Facture is an attachment's), numbered; a category the environment
    // no longer has stays shown, marked, so it can be removed.
    expect(within(group).getAllByRole('checkbox').map((box) => box.closest('label')!.textContent!.trim())).toEqual(['1 Résiliation', '2 Demande de devis', 'Ancienne absente de l\'environnement']);
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(card.getAttribute('data-state')).toBe('toAccept');
    fireEvent.click(within(group).getByRole('checkbox', { name: /Ancienne/ }));
    fireEvent.click(within(group).getByRole('checkbox', { name: /Demande de devis/ }));
    expect(expectedOf(latest, ['categories']).expected.categories!.values).toEqual([{ key: 'category', document: null, format: 'string', value: 'Demande de devis' }]);
    fireEvent.click(within(group).getByRole('checkbox', { name: /Résiliation/ }));
    expect(expectedOf(latest, ['categories']).expected.categories!.values[0]).toMatchObject({ format: 'array', value: ['Demande de devis', 'Résiliation'] });
    fireEvent.click(within(card).getByRole('button', { name: '0 · Aucune catégorie attendue' }));
    expect(expectedOf(latest, ['categories']).expected.categories!.values).toEqual([]);
    expect(within(card).getByRole('button', { name: '0 · Aucune catégorie attendue' }).getAttribute('aria-pressed')).toBe('true');
    expect(latest.categories.touched).toBe(true);
  });

  it("offers the environment's fields by label, adds one with its format, and names a key the environment lacks", () => {
    render(<Harness initial={draftOf({ extracted_informations: { qualified: false, values: [{ key: 'ancien', document: null, format: 'string', value: 'x' }] } })} />);
    const card = screen.getByTestId('expected-form').querySelector('[data-kind="extracted_informations"]') as HTMLElement;
    expect(within(card).getByText("Ce champ n'existe pas dans l'environnement.")).toBeTruthy();
    // The attachment field (IBAN) belongs to the attachments' kind.
    expect(within(card).queryByRole('button', { name: 'IBAN' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Montant' }));
    const key = within(card).getAllByLabelText('Clé')[1] as HTMLSelectElement;
    expect(key.value).toBe('montant');
    expect([...key.options].map((option) => option.text)).toEqual(['Montant (montant)', 'Numéro de contrat (numeroContrat)']);
    expect((within(card).getAllByLabelText('Format')[1] as HTMLSelectElement).value).toBe('number');
    // The new value's field has the focus, ready for typing or for words selected in the message.
    expect(document.activeElement).toBe(within(card).getAllByLabelText('Valeur')[1]);
    expect(within(card).queryByRole('button', { name: 'Montant' })).toBeNull();
    // Choosing another field takes its format.
    fireEvent.change(key, { target: { value: 'numeroContrat' } });
    expect(latest.extracted_informations.entries[1]).toMatchObject({ key: 'numeroContrat', format: 'string', raw: '' });
  });
});
