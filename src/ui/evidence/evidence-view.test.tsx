// @vitest-environment jsdom
/** The evidence view: a panel line shows its words in turn, words say what they fed, in French and by keyboard. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { initI18n } from '../../i18n/setup';
import { analysisEvidence } from '../../analyses/evidence';
import { modules } from '../../analyses/evidence-test-fixtures';
import { EvidenceView } from './evidence-view';

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(() => cleanup());

const view = async () => {
  render(<EvidenceView evidence={analysisEvidence(modules)!} />);
  return screen.findByTestId('evidence-view');
};
const selectedWords = (root: HTMLElement) => [...root.querySelectorAll('mark.is-selected')].map((mark) => mark.textContent);
const currentWords = (root: HTMLElement) => [...root.querySelectorAll('mark.is-current')].map((mark) => mark.textContent);

describe('evidence view', () => {
  it('marks the words of a category, then its next place on each choice', async () => {
    const root = await view();
    const category = within(screen.getByTestId('evidence-category')).getByRole('button', { name: /Résiliation/ });
    expect(category.textContent).toContain('règle « résiliation »');
    expect(category.textContent).toContain('lettre.pdf');
    expect(category.textContent).toContain('2 endroits');
    fireEvent.click(category);
    expect(selectedWords(root)).toEqual(['résilier', 'AU-30871']);
    expect(currentWords(root)).toEqual(['résilier']);
    expect(screen.getByTestId('evidence-status').textContent).toBe('Endroit 1 sur 2 : la catégorie Résiliation');
    expect(document.activeElement?.textContent).toBe('résilier');
    fireEvent.click(category);
    expect(currentWords(root)).toEqual(['AU-30871']);
    expect(screen.getByTestId('evidence-status').textContent).toBe('Endroit 2 sur 2 : la catégorie Résiliation');
  });

  it('says a field read from elsewhere than the text is not in it', async () => {
    const root = await view();
    fireEvent.click(within(screen.getByTestId('evidence-field')).getByRole('button', { name: /objet/ }));
    expect(selectedWords(root)).toEqual([]);
    expect(screen.getByTestId('evidence-status').textContent).toContain('le champ objet = Résiliation ne vient pas du texte des documents');
  });

  it('says what chosen words fed, and leads from there to each of them', async () => {
    const root = await view();
    const contract = [...root.querySelectorAll<HTMLElement>('mark')].find((mark) => mark.textContent === 'AU-30871')!;
    contract.focus();
    fireEvent.keyDown(contract, { key: 'Enter' });
    const fed = screen.getByTestId('evidence-fed');
    expect(within(fed).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'la catégorie Résiliation',
      'le champ numeroContrat = AU-30871',
      'le paramètre resilierContrat · contrat = au-30871',
    ]);
    fireEvent.click(within(fed).getByRole('button', { name: 'le champ numeroContrat = AU-30871' }));
    expect(selectedWords(root)).toEqual(['AU-30871']);
    // Words the NLU only labelled name their archetype.
    fireEvent.click(within(root).getByText('contrat', { selector: '.p-evidence__label' }));
    expect(screen.getByTestId('evidence-status').textContent).toBe('« contrat » a servi à : l’étiquette NLU contrat');
  });
});
