// @vitest-environment jsdom
/**
 * The categorization screens against the real server (in-memory PGlite, real HTTP, the seeded demo
 * NLU project with its categories, NLU started at once): adding a category, the rules table's
 * keyboard reorder saved as priorities, the criteria builder producing the contract's shape, the
 * advanced program's syntax error on its line (translated, from the refused save), and the test
 * panel's categories with why.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChildProcess } from 'node:child_process';
import { findCodeEditor } from '../../../ui/testing/code-editor';
import { renderScreens, startScreenServer } from '../../../ui/testing/screen-server';
import { paths } from '../../../app/paths';
import { criterionSchema, type CategorizationSettings } from '../../../contract/categorization';
import { setFlag } from '../../../storage/feature-flags';
import { loadStore } from '../../../storage/store';
import { AdvancedCategorizationPage } from './advanced-page';
import { CategoriesPage } from './categories-page';
import { CategoryEditorPage } from './category-editor-page';
import { RuleEditorPage } from './rule-editor-page';
import { ConsolidationPage } from './consolidation-page';

let child: ChildProcess;
let address = '';
let token = '';
const PROJECT = 'demo-nlu';
const PROD = 'demo-nlu-prod';
const RECETTE = 'demo-nlu-recette';
const MODULE = 'demo-categorization';
vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  const server = await startScreenServer<{ address: string; token: string }>('src/features/configuration/categorization/testing/serve-categorization.ts');
  child = server.child;
  ({ address, token } = server.info);
}, 240_000);
afterAll(() => child?.stdin?.end());
afterEach(cleanup);

async function api<T>(method: 'GET' | 'PUT', envId: string, body?: unknown): Promise<T> {
  const response = await fetch(`${address}/v4/console/api/environment/${envId}/modules/${MODULE}/categorization`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

const base = '/project/:projectId/environment/:envId/configuration/categorization/:moduleId';

function show(url: string) {
  return renderScreens(
    [
      { path: base, element: <CategoriesPage /> },
      { path: `${base}/advanced`, element: <AdvancedCategorizationPage /> },
      { path: `${base}/categories/:categoryId`, element: <CategoryEditorPage /> },
      { path: `${base}/categories/:categoryId/rules/:ruleId`, element: <RuleEditorPage /> },
      { path: '/project/:projectId/environment/:envId/configuration/consolidation/:moduleId', element: <ConsolidationPage /> },
    ],
    url,
  ).router;
}

describe('categories list', () => {
  it('adds an attachment category through the name dialog (refusing a taken name), saves it and opens it', async () => {
    const user = userEvent.setup();
    const router = show(paths.categorizationModule(PROJECT, RECETTE, MODULE, 'attachment'));
    expect((await screen.findAllByTestId('category-row')).map((row) => within(row).getByRole('link').textContent)).toContain('Résiliation');
    await user.click(screen.getByRole('button', { name: 'Nouvelle catégorie de pièce jointe' }));
    await user.type(screen.getByLabelText('Nom'), 'résiliation');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Le nom « résiliation » est déjà utilisé dans ce module')).toBeTruthy();
    await user.clear(screen.getByLabelText('Nom'));
    await user.type(screen.getByLabelText('Nom'), 'Constat amiable');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/categories\/cat-/));
    const saved = await api<CategorizationSettings>('GET', RECETTE);
    expect(saved.config.categories.find((category) => category.name === 'Constat amiable')).toMatchObject({ target: 'attachment', enabled: true, rules: [] });
  });
});

describe('category editor', () => {
  it('reorders rules with the keyboard and saves the new order as priorities', async () => {
    const current = await api<CategorizationSettings>('GET', RECETTE);
    const rules = ['alpha', 'beta', 'gamma'].map((name, index) => ({ id: `r-${name}`, name, priority: 50 + index * 10, criteria: [{ type: 'header', header: 'subject', condition: { operator: 'contains', value: name } }] }));
    await api('PUT', RECETTE, { config: { ...current.config, categories: [...current.config.categories, { id: 'ordered', name: 'Ordre', rules }] } });
    const user = userEvent.setup();
    show(paths.categorizationCategory(PROJECT, RECETTE, MODULE, 'ordered'));
    const handle = await screen.findByRole('button', { name: 'Déplacer la règle « gamma » (flèches haut et bas)' });
    handle.focus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    const names = () => screen.getAllByTestId('rule-name').map((link) => link.textContent);
    expect(names()).toEqual(['gamma', 'alpha', 'beta']);
    expect(screen.getByTestId('rules-announce').textContent).toBe('Règle « gamma » déplacée en position 1 sur 3');
    // The focus stays on the moved rule, so the next arrow moves it again.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Déplacer la règle « gamma » (flèches haut et bas)' }));
    await user.keyboard('{ArrowDown}');
    expect(names()).toEqual(['alpha', 'gamma', 'beta']);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(async () => {
      const saved = await api<CategorizationSettings>('GET', RECETTE);
      const category = saved.config.categories.find((item) => item.id === 'ordered')!;
      expect(category.rules.map((rule) => [rule.name, rule.priority])).toEqual([
        ['alpha', 50],
        ['gamma', 60],
        ['beta', 70],
      ]);
    });
  });
});

describe('rule editor', () => {
  it('builds criteria with pickers fed by the NLU interactions and saves them in the contract shape', async () => {
    const user = userEvent.setup();
    const router = show(paths.categorizationRule(PROJECT, RECETTE, MODULE, 'demo-body-declaration-de-sinistre', 'new'));
    await user.type(await screen.findByLabelText('Nom'), 'gros sinistre');
    await user.selectOptions(screen.getByLabelText('Les critères doivent être vérifiés'), 'or');
    await user.click(screen.getByRole('button', { name: 'Ajouter un critère' }));
    const interaction = screen.getByLabelText('Interaction') as HTMLSelectElement;
    // The picker lists the environment's interactions with their context, not a free text field.
    expect([...interaction.options].map((option) => option.textContent)).toContain('declarerSinistre (assurance)');
    await user.selectOptions(interaction, JSON.stringify(['assurance', 'declarerSinistre']));
    await user.click(screen.getByRole('button', { name: 'Ajouter une condition de paramètre' }));
    const parameter = within(screen.getByTestId('parameter-criterion'));
    await user.selectOptions(parameter.getByLabelText('Paramètre'), 'montant');
    await user.selectOptions(parameter.getByLabelText('Condition'), 'greaterThan');
    await user.type(parameter.getByLabelText('Valeur'), '10000');
    await user.click(screen.getByRole('button', { name: 'Ajouter un critère' }));
    const second = screen.getAllByTestId('criterion')[1]!;
    await user.selectOptions(within(second).getByLabelText('Type de critère'), 'header');
    await user.selectOptions(within(screen.getAllByTestId('criterion')[1]!).getByLabelText('Condition'), 'oneOf');
    fireEvent.change(within(screen.getAllByTestId('criterion')[1]!).getByLabelText('Valeurs'), { target: { value: 'urgent, sinistre grave' } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(router.state.location.pathname).not.toMatch(/\/rules\/new$/));
    const saved = await api<CategorizationSettings>('GET', RECETTE);
    const rule = saved.config.categories.find((category) => category.id === 'demo-body-declaration-de-sinistre')!.rules.find((item) => item.name === 'gros sinistre')!;
    expect(rule.combinator).toBe('or');
    expect(rule.criteria).toEqual([
      { type: 'interaction', interaction: 'declarerSinistre', context: 'assurance', complete: true, parameters: [{ parameter: 'montant', condition: { operator: 'greaterThan', value: '10000', valueType: 'number' } }] },
      { type: 'header', header: 'subject', condition: { operator: 'oneOf', values: ['urgent', 'sinistre grave'] } },
    ]);
    for (const criterion of rule.criteria) expect(criterionSchema.parse(criterion)).toEqual(criterion);
    // The rule is not named after an interaction: the §5 warning, translated, and saved anyway.
    expect((await screen.findByTestId('configuration-messages-warnings')).textContent).toContain('Le nom de la règle « gros sinistre » (Déclaration de sinistre) ne correspond à aucune règle du projet');
  });
});

describe('taints', () => {
  it('offers a rule taint only with the taints feature flag, and saves it', async () => {
    await loadStore();
    await setFlag('taints', false);
    const user = userEvent.setup();
    show(paths.categorizationRule(PROJECT, RECETTE, MODULE, 'demo-body-resiliation', 'demo-body-resilierContrat'));
    await screen.findByLabelText('Nom');
    expect(screen.queryByLabelText('Marqueur (taint)')).toBeNull();
    await setFlag('taints', true);
    await user.type(await screen.findByLabelText('Marqueur (taint)'), 'depart');
    await user.selectOptions(screen.getByLabelText('Marqueur sur'), 'document');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(async () => {
      const saved = await api<CategorizationSettings>('GET', RECETTE);
      const rule = saved.config.categories.find((category) => category.id === 'demo-body-resiliation')!.rules[0]!;
      expect(rule.taint).toEqual({ name: 'depart', scope: 'document' });
    });
    await setFlag('taints', false);
  });
});

describe('advanced categorization', () => {
  it('shows the syntax error of a refused save on its line, in French, and no error once fixed and tested', async () => {
    const user = userEvent.setup();
    show(paths.categorizationAdvanced(PROJECT, RECETTE, MODULE));
    const view = await findCodeEditor('liquid-editor');
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '{% if document.text contains "urgent" %}\nUrgent\n{% endif' } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const errors = await screen.findByTestId('advanced-errors');
    expect(errors.textContent).toMatch(/^Erreur de syntaxe dans votre configuration, ligne 3 : /);
    // The diagnostic sits on line 3 of the editor.
    await waitFor(() => expect(view.dom.querySelector('.cm-lintRange-error')?.textContent).toBe('{% endif'));
    view.dispatch({ changes: { from: view.state.doc.length, insert: ' %}' } });
    await waitFor(() => expect(screen.queryByTestId('advanced-errors')).toBeNull());
    await user.type(screen.getByLabelText('Texte à catégoriser (comme corps de mail)'), 'Je veux résilier mon contrat');
    await user.click(screen.getByRole('button', { name: 'Tester' }));
    // The test runs NLU and categorization on the server's workers: past findBy's 1 s, and past 15 s
    // on a 2-core machine also running other test files. A hang guard, below the test's own 60 s.
    expect(await screen.findByText('Aucune erreur détectée', undefined, { timeout: 45_000 })).toBeTruthy();
  });
});

describe('test panel', () => {
  it('tests a sentence and shows the category with the rule that fired and the criterion that held', async () => {
    const user = userEvent.setup();
    show(paths.categorizationModule(PROJECT, PROD, MODULE));
    await user.type(await screen.findByLabelText('Texte à catégoriser (comme corps de mail)'), 'Bonjour, je souhaite résilier mon contrat habitation.');
    await user.click(screen.getByRole('button', { name: 'Tester' }));
    const result = await screen.findByTestId('categorization-test-result');
    const decision = within(result).getAllByTestId('category-decision')[0]!;
    expect(within(decision).getByTestId('category-name').textContent).toBe('Résiliation');
    expect(within(decision).getByTestId('category-why').textContent).toContain('La règle « resilierContrat » (priorité 20, ET) s\'est déclenchée car :');
    expect(within(decision).getByTestId('held-criterion').textContent).toContain('Interaction « resilierContrat » (assurance)');
  });
});

describe('consolidation', () => {
  it('saves the settings from their field descriptors; an empty workflow id comes back created', async () => {
    const user = userEvent.setup();
    show(paths.consolidationModule(PROJECT, RECETTE, 'demo-consolidation'));
    const workflow = (await screen.findByLabelText('Identifiant de workflow')) as HTMLInputElement;
    expect(workflow.value).toBe('wf-demo-assurance');
    await user.clear(workflow);
    await user.selectOptions(screen.getByLabelText('Catégories finales'), 'union');
    const labels = screen.getByLabelText('Libellés de « Résiliation » (séparés par des virgules)');
    await user.clear(labels);
    await user.type(labels, 'RESIL, FIN');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(workflow.value).toMatch(/^wf-./));
    const response = await fetch(`${address}/v4/console/api/environment/${RECETTE}/modules/demo-consolidation/consolidation`, { headers: { authorization: `Bearer ${token}` } });
    const saved = (await response.json()) as { config: { workflowId: string; merge: string; labels: { category: string; labels: string[] }[] } };
    expect(saved.config.workflowId).toBe(workflow.value);
    expect(saved.config.merge).toBe('union');
    expect(saved.config.labels).toContainEqual({ category: 'Résiliation', labels: ['RESIL', 'FIN'] });
  });
});
