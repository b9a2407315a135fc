// @vitest-environment jsdom
/** The expected-values form: one control per value format, the format switch, the problems shown on the entry. */
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { initI18n } from '../../i18n/setup';
import { draftOf, expectedOf, type Draft } from './expected-draft';
import { ExpectedForm } from './expected-form';

beforeAll(() => initI18n('fr'));
afterEach(cleanup);

let latest: Draft;
function Harness({ initial }: { initial: Draft }) {
  const [draft, setDraft] = useState(initial);
  const { problems } = expectedOf(draft, ['categories', 'extracted_informations']);
  return (
    <ExpectedForm
      kinds={['categories', 'extracted_informations']}
      draft={draft}
      problems={problems}
      attachments={[]}
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
    const categories = screen.getByTestId('expected-form').querySelector('[data-kind="categories"]') as HTMLElement;
    expect((within(categories).getByLabelText('Catégorie') as HTMLInputElement).value).toBe('Résiliation');
    // Categories have no key field: the key is always `category`.
    expect(within(categories).queryByLabelText('Clé')).toBeNull();

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
});
