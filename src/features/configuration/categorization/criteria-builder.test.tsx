// @vitest-environment jsdom
/**
 * The criteria builder on its own: every criterion type of the contract made through its pickers
 * comes out in the contract's shape (what `categorization.save` takes), and the rules table's drag
 * and drop, duplicate and confirmed delete.
 */
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n } from '../../../i18n/setup';
import { CRITERION_TYPES, criterionSchema, ruleSchema, type Criterion, type Rule } from '../../../contract/categorization';
import { ConfirmLayer } from '../../../ui/dialogs/confirm-layer';
import { CriteriaBuilder, type PickerData } from './criteria-builder';
import { RulesTable } from './rules-table';

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(() => cleanup());

const data: PickerData = {
  interactions: [
    { name: 'declarerSinistre', context: 'assurance', parameters: ['evenement', 'montant'] },
    { name: 'resilierContrat', context: 'assurance', parameters: ['contrat'] },
  ],
  categories: [{ name: 'Constat', target: 'attachment' }],
};

function Builder({ onChange }: { onChange: (criteria: Criterion[]) => void }) {
  const [criteria, setCriteria] = useState<Criterion[]>([]);
  return (
    <CriteriaBuilder
      criteria={criteria}
      data={data}
      disabled={false}
      onChange={(next) => {
        setCriteria(next);
        onChange(next);
      }}
    />
  );
}

describe('criteria builder', () => {
  it('makes every criterion type of the contract, each valid against its schema', async () => {
    const user = userEvent.setup();
    let last: Criterion[] = [];
    render(<Builder onChange={(criteria) => (last = criteria)} />);
    for (const [index, type] of CRITERION_TYPES.entries()) {
      await user.click(screen.getByRole('button', { name: 'Ajouter un critère' }));
      await user.selectOptions(within(screen.getAllByTestId('criterion')[index]!).getByLabelText('Type de critère'), type);
    }
    const cards = screen.getAllByTestId('criterion');
    // The interaction picker lists the environment's interactions; its parameters feed the parameter picker.
    await user.selectOptions(within(cards[0]!).getByLabelText('Interaction'), JSON.stringify(['assurance', 'resilierContrat']));
    await user.click(within(cards[0]!).getByRole('button', { name: 'Ajouter une condition de paramètre' }));
    expect([...(within(cards[0]!).getByLabelText('Paramètre') as HTMLSelectElement).options].map((option) => option.value)).toEqual(['contrat']);
    await user.selectOptions(within(cards[0]!).getByLabelText('Condition'), 'equals');
    await user.type(within(cards[0]!).getByLabelText('Valeur'), 'habitation');
    await user.selectOptions(within(cards[1]!).getByLabelText('Donnée à'), 'attachment');
    await user.type(within(cards[2]!).getByLabelText('Champ extrait'), 'montant');
    await user.selectOptions(within(cards[2]!).getByLabelText('Condition'), 'lessThan');
    await user.type(within(cards[2]!).getByLabelText('Valeur'), '2026-01-01');
    await user.selectOptions(within(cards[2]!).getByLabelText('Comparé comme'), 'date');
    await user.type(within(cards[3]!).getByLabelText('Nom de fichier'), 'constat*.pdf');
    await user.selectOptions(within(cards[4]!).getByLabelText('En-tête'), 'from');
    await user.type(within(cards[4]!).getByLabelText('Valeur'), '@assure.example');
    await user.type(within(cards[5]!).getByLabelText('Clé de métadonnée'), 'canal');
    await user.clear(within(cards[6]!).getByLabelText('Clé de la réponse de vision'));
    await user.type(within(cards[6]!).getByLabelText('Clé de la réponse de vision'), 'categories');
    await user.type(within(cards[6]!).getByLabelText('Valeur'), 'claim');

    expect(last).toEqual([
      { type: 'interaction', interaction: 'resilierContrat', context: 'assurance', complete: true, parameters: [{ parameter: 'contrat', condition: { operator: 'equals', value: 'habitation' } }] },
      { type: 'category', category: 'Constat', scope: 'attachment' },
      { type: 'extractedData', field: 'montant', condition: { operator: 'lessThan', value: '2026-01-01', valueType: 'date' } },
      { type: 'consolidationSource', source: 'attachment', fileName: 'constat*.pdf' },
      { type: 'header', header: 'from', condition: { operator: 'contains', value: '@assure.example' } },
      { type: 'metadata', key: 'canal', condition: { operator: 'exists' } },
      { type: 'visionEngine', key: 'categories', condition: { operator: 'equals', value: 'claim' } },
    ]);
    for (const criterion of last) expect(criterionSchema.parse(criterion)).toEqual(criterion);
    // A rule made of them passes the contract as it is.
    expect(ruleSchema.safeParse({ id: 'r', name: 'resilierContrat', criteria: last }).success).toBe(true);
  });

  it('removes a criterion', async () => {
    const user = userEvent.setup();
    let last: Criterion[] = [];
    render(<Builder onChange={(criteria) => (last = criteria)} />);
    await user.click(screen.getByRole('button', { name: 'Ajouter un critère' }));
    await user.click(screen.getByRole('button', { name: 'Retirer le critère 1' }));
    expect(last).toEqual([]);
    expect(screen.getByText('Aucun critère : la règle n\'est jamais vérifiée tant que vous n\'en ajoutez pas.')).toBeTruthy();
  });
});

const rule = (id: string, priority: number): Rule => ruleSchema.parse({ id, name: id, priority });

function Table({ onChange }: { onChange: (rules: Rule[]) => void }) {
  const [rules, setRules] = useState<Rule[]>([rule('alpha', 10), rule('beta', 20), rule('gamma', 30)]);
  const change = (next: Rule[]) => {
    setRules(next);
    onChange(next);
  };
  const router = createMemoryRouter([{ path: '/', element: <RulesTable rules={rules} readOnly={false} onChange={change} linkTo={(id) => `/rules/${id}`} /> }]);
  return (
    <>
      <RouterProvider router={router} />
      <ConfirmLayer />
    </>
  );
}

describe('rules table', () => {
  it('reorders by drag and drop, duplicates after the original, deletes after confirmation', async () => {
    const user = userEvent.setup();
    let last: Rule[] = [];
    render(<Table onChange={(rules) => (last = rules)} />);
    const rows = () => screen.getAllByTestId('rule-row');
    const names = () => screen.getAllByTestId('rule-name').map((link) => link.textContent);
    const dataTransfer = { setData: () => undefined, effectAllowed: '' };
    fireEvent.dragStart(rows()[0]!, { dataTransfer });
    fireEvent.dragOver(rows()[2]!, { dataTransfer });
    fireEvent.drop(rows()[2]!, { dataTransfer });
    expect(names()).toEqual(['beta', 'gamma', 'alpha']);
    expect(last.map((item) => [item.name, item.priority])).toEqual([
      ['beta', 10],
      ['gamma', 20],
      ['alpha', 30],
    ]);

    await user.click(screen.getByRole('button', { name: 'Dupliquer « gamma »' }));
    expect(names()).toEqual(['beta', 'gamma', 'gamma (copie)', 'alpha']);
    expect(last[2]!.id).not.toBe('gamma');

    await user.click(screen.getByRole('button', { name: 'Supprimer « beta »' }));
    await user.click(await screen.findByRole('button', { name: 'Annuler' }));
    expect(names()).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Supprimer « beta »' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(names()).toEqual(['gamma', 'gamma (copie)', 'alpha']));

    await user.click(screen.getByLabelText('Règle « alpha » activée'));
    expect(last.find((item) => item.name === 'alpha')!.enabled).toBe(false);
  });
});
