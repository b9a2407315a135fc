// @vitest-environment jsdom
/** The new-set dialog: by tags, ticking and unticking tags builds the set; from a selection, its messages. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { initI18n } from '../../i18n/setup';
import { SetDialog, type NewSetInput } from './set-dialog';

beforeAll(() => initI18n('fr'));
afterEach(cleanup);

function open(selection: string[] = []) {
  const created: NewSetInput[] = [];
  render(<SetDialog selection={selection} knownTags={['résiliation', 'sinistre', 'devis']} onClose={() => undefined} onCreate={async (input) => (created.push(input), true)} />);
  return created;
}

describe('new set dialog', () => {
  it('makes a set of the tags ticked, in the order ticked, without the one unticked', async () => {
    const created = open();
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Résiliations et devis' } });
    const create = screen.getByRole('button', { name: 'Créer' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    for (const tag of ['sinistre', 'résiliation', 'devis']) fireEvent.click(screen.getByLabelText(tag));
    fireEvent.click(screen.getByLabelText('sinistre'));
    expect((screen.getByLabelText('sinistre') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('devis') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(create);
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created).toEqual([{ kind: 'tags', name: 'Résiliations et devis', tags: ['résiliation', 'devis'] }]);
  });

  it('makes a set of the selected messages without asking for tags', async () => {
    const created = open(['m1', 'm2']);
    expect(screen.queryByLabelText('devis')).toBeNull();
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'Choisis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created).toEqual([{ kind: 'manual', name: 'Choisis', messageIds: ['m1', 'm2'] }]);
  });
});
