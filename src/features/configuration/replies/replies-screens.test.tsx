// @vitest-environment jsdom
/**
 * The reply generator screens against the real server (in-memory PGlite, real HTTP, the seeded demo
 * templates): the list's default radio and the §8 warning once the default is deleted (confirmed),
 * a rename followed by the templates that include it, a refused syntax error on its line in the
 * editor, the Errors tab (with the analysis and line, or "Aucune erreur détectée"), the
 * Documentation of every variable, and the module's settings saved.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChildProcess } from 'node:child_process';
import { findCodeEditor } from '../../../ui/testing/code-editor';
import { renderScreens, startScreenServer } from '../../../ui/testing/screen-server';
import { paths } from '../../../app/paths';
import type { EnvironmentDetails } from '../../../contract/environments';
import type { ReplyTemplatesView } from '../../../contract/reply-templates';
import { REPLY_VARIABLE_NAMES } from '../../../replies/variables';
import { ReplyTemplateModulePage } from './module-settings-page';
import { ReplyTemplateEditorPage } from './template-editor-page';
import { ReplyTemplatesPage } from './templates-page';

let child: ChildProcess;
let address = '';
let token = '';
const PROJECT = 'demo-nlu';
const PROD = 'demo-nlu-prod';
const RECETTE = 'demo-nlu-recette';
vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  const server = await startScreenServer<{ address: string; token: string }>('src/features/configuration/replies/testing/serve-replies.ts');
  child = server.child;
  ({ address, token } = server.info);
}, 240_000);
afterAll(() => child?.stdin?.end());
afterEach(cleanup);

async function get<T>(envId: string, path: string): Promise<T> {
  const response = await fetch(`${address}/v4/console/api/environment/${envId}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

function show(url: string) {
  const base = '/project/:projectId/environment/:envId/configuration/reply-templates';
  return renderScreens(
    [
      { path: base, element: <ReplyTemplatesPage /> },
      { path: `${base}/modules/:moduleId`, element: <ReplyTemplateModulePage /> },
      { path: `${base}/:templateId`, element: <ReplyTemplateEditorPage /> },
    ],
    url,
  ).router;
}

const rows = async () => (await screen.findAllByTestId('template-row')).map((row) => within(row).getAllByRole('link')[0]!.textContent);

describe('template list', () => {
  it('follows a rename in the templates that include it', async () => {
    const user = userEvent.setup();
    show(paths.replyTemplates(PROJECT, RECETTE));
    expect(await rows()).toContain('Signature');
    await user.click(screen.getByRole('button', { name: 'Renommer Signature' }));
    await user.clear(screen.getByLabelText('Nom'));
    await user.type(screen.getByLabelText('Nom'), 'Sinistre');
    await user.click(screen.getByRole('button', { name: 'Renommer' }));
    expect(await screen.findByText('Le nom « Sinistre » est déjà utilisé par un autre modèle')).toBeTruthy();
    await user.clear(screen.getByLabelText('Nom'));
    await user.type(screen.getByLabelText('Nom'), 'Pied de page');
    await user.click(screen.getByRole('button', { name: 'Renommer' }));
    await waitFor(async () => {
      const saved = await get<ReplyTemplatesView>(RECETTE, '/reply-templates');
      expect(saved.templates.map((template) => template.name)).toContain('Pied de page');
      expect(saved.templates.find((template) => template.name === 'Sinistre')!.body).toContain("{% include 'Pied de page' %}");
    });
  });

  it('deletes the default after confirmation, then warns that no reply will be generated (§8)', async () => {
    const user = userEvent.setup();
    show(paths.replyTemplates(PROJECT, RECETTE));
    await rows();
    expect((screen.getByRole('radio', { name: 'Modèle par défaut : Accusé de réception' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('no-default-template')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Supprimer Accusé de réception' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmer' }));
    expect((await screen.findByTestId('no-default-template')).textContent).toContain('Pas de modèle par défaut : aucune réponse ne sera générée');
    expect(await rows()).not.toContain('Accusé de réception');
  });
});

describe('template editor', () => {
  it('shows the syntax error of a refused save on its line, and keeps the text', async () => {
    const user = userEvent.setup();
    show(paths.replyTemplate(PROJECT, RECETTE, 'demo-reply-quote', 'templates'));
    const view = await findCodeEditor('reply-liquid-editor');
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: 'Bonjour\n{% if subject %}' } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const errors = await screen.findByTestId('template-errors');
    expect(errors.textContent).toMatch(/^Erreur de syntaxe dans votre configuration : modèle « Devis », ligne 2 : /);
    await waitFor(() => expect(view.dom.querySelector('.cm-lintRange-error')?.textContent).toBe('{% if subject %}'));
    expect(view.state.doc.toString()).toBe('Bonjour\n{% if subject %}');
  });

  it('lists the errors of a template with the analysis and the line, or none', async () => {
    show(paths.replyTemplate(PROJECT, PROD, 'demo-reply-claim', 'errors'));
    const row = await screen.findByTestId('reply-error-row');
    expect(within(row).getByRole('link', { name: 'sinistre.eml' }).getAttribute('href')).toBe(paths.analysis(PROJECT, PROD, 'analysis-1'));
    // The Liquid engine's words point at the author's template: kept, marked as the engine's message.
    expect(row.textContent).toContain('Erreur dans le modèle « Sinistre », ligne 4 : message du moteur de modèles : undefined filter: montant');
    cleanup();
    show(paths.replyTemplate(PROJECT, PROD, 'demo-reply-quote', 'errors'));
    expect(await screen.findByText('Aucune erreur détectée')).toBeTruthy();
  });

  it('documents every variable of the engine with an example', async () => {
    show(paths.replyTemplate(PROJECT, PROD, 'demo-reply-claim', 'documentation'));
    const documentation = await screen.findByTestId('reply-documentation');
    for (const name of REPLY_VARIABLE_NAMES) expect(within(documentation).getByText(`{{ ${name} }}`)).toBeTruthy();
    expect(documentation.textContent).toContain('HAB-2024-118844');
  });
});

describe('module settings', () => {
  it('warns without a default template, and saves the module settings with the environment', async () => {
    const user = userEvent.setup();
    show(paths.replyTemplateModule(PROJECT, RECETTE, 'demo-reply'));
    // The default was deleted above: the module says no reply will be generated without a category template (§8).
    expect((await screen.findByTestId('no-default-template')).textContent).toContain('Pas de modèle par défaut');
    await user.click(await screen.findByLabelText('Utiliser le modèle par défaut'));
    await waitFor(() => expect(screen.queryByTestId('no-default-template')).toBeNull());
    const save = screen.getByRole('button', { name: 'Enregistrer' });
    await user.click(save);
    // Saved once the server answered: nothing is left to save, and the button no longer spins.
    await waitFor(() => expect(save.hasAttribute('disabled') && !save.classList.contains('bp6-loading')).toBe(true));
    const details = await get<EnvironmentDetails>(RECETTE, '/settings');
    expect(details.settings.modules.find((module) => module.id === 'demo-reply')!.config).toMatchObject({ useDefaultTemplate: false, llmMaxTokens: 800 });
  });
});
