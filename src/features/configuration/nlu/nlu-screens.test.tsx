// @vitest-environment jsdom
/**
 * The NLU screens against the real server (in-memory PGlite, real HTTP) and the real engine: the NLU
 * test in the browser and on the server (with the §8 "AI starting up" answer while the server
 * starts), the contexts list's "no server linked" warning, starting a server, the archetype editor's
 * line-numbered errors and variation helper, the distance rule and the import of an exportVersion 2
 * file.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChildProcess } from 'node:child_process';
import { renderScreens, startScreenServer } from '../../../ui/testing/screen-server';
import { NEW_ITEM, paths } from '../../../app/paths';
import { ArchetypeEditorPage } from './archetype-editor-page';
import { ArchetypesPage } from './archetypes-page';
import { ContextsPage } from './contexts-page';
import { InteractionEditorPage } from './interaction-editor-page';
import { NluTestPage } from './nlu-test-page';
import { ServersPage } from './servers-page';

let child: ChildProcess;
let address = '';
let token = '';
let configuratorToken = '';
let qualifierToken = '';
let environments: string[] = [];
let categorizationEnvironment = '';
const PROJECT = 'demo-ic';
vi.setConfig({ testTimeout: 60_000 });
const STARTUP_MS = 1500;

beforeAll(async () => {
  const server = await startScreenServer<{ address: string; token: string; qualifierToken: string; environments: string[]; categorizationEnvironment: string }>('src/features/configuration/nlu/testing/serve-nlu.ts', { env: { ...process.env, STARTUP_MS: String(STARTUP_MS), ENVIRONMENTS: '9' }, token: () => token });
  child = server.child;
  ({ address, token, qualifierToken, environments, categorizationEnvironment } = server.info);
  configuratorToken = token;
  // A fresh process migrates its database: tens of seconds on a busy 2-core machine.
}, 240_000);
afterAll(() => child?.stdin?.end());
afterEach(() => {
  cleanup();
  token = configuratorToken;
});

const freshEnvironment = () => environments.shift()!;

async function post<T>(envId: string, path: string, payload: unknown): Promise<T> {
  const response = await fetch(`${address}/v4/console/api/environment/${envId}/nlu${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** An environment with a claim archetype, a contract archetype, a context with one interaction and (optionally) a server. */
async function insurance({ withServer = true, aiVersion = '4.12' } = {}) {
  const envId = freshEnvironment();
  await post(envId, '/archetypes', { name: 'claim', dictionaries: { fr: 'sinistre;sinistres\nincendie' } });
  await post(envId, '/archetypes', { name: 'contract', dictionaries: { fr: 'contrat;contrats' } });
  const context = await post<{ item: { id: string } }>(envId, '/contexts', { name: 'insurance', languages: ['fr'] });
  const interaction = await post<{ item: { id: string } }>(envId, '/interactions', {
    contextId: context.item.id,
    name: 'declareClaim',
    parameters: [
      { name: 'event', position: 0, archetype: 'claim' },
      { name: 'contract', position: 1, archetype: 'contract' },
    ],
  });
  if (withServer) await post(envId, '/servers', { name: 'main', contexts: ['insurance'], aiVersion });
  return { envId, interactionId: interaction.item.id };
}

const base = '/project/:projectId/environment/:envId/configuration/nlu';

function show(url: string) {
  return renderScreens(
    [
      { path: `${base}/test`, element: <NluTestPage /> },
      { path: `${base}/contexts`, element: <ContextsPage /> },
      { path: `${base}/servers`, element: <ServersPage /> },
      { path: `${base}/archetypes`, element: <ArchetypesPage /> },
      { path: `${base}/archetypes/:archetypeId`, element: <ArchetypeEditorPage /> },
      { path: `${base}/interactions/:interactionId`, element: <InteractionEditorPage /> },
    ],
    url,
  ).rendered;
}

const labelsOf = (root: HTMLElement) => within(root).getAllByTestId('nlu-label').map((label) => [label.dataset.archetype, label.querySelector('mark')?.textContent]);

describe('NLU test', () => {
  it('labels a sentence with the engine in the browser and lists the complete interaction', async () => {
    const user = userEvent.setup();
    const { envId } = await insurance();
    show(paths.nlu(PROJECT, envId, 'test'));
    await user.type(await screen.findByLabelText('Phrase à tester'), "Un incendie a touché l'entrepôt du contrat 12");
    await waitFor(() => expect(screen.getByRole('button', { name: 'Tester' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Tester' }));
    const result = await screen.findByTestId('nlu-test-result');
    expect(labelsOf(result)).toEqual([
      ['claim', 'incendie'],
      ['contract', 'contrat'],
    ]);
    const row = within(result).getByTestId('nlu-interactions').querySelector('tr[data-interaction="declareClaim"]') as HTMLElement;
    expect(row.textContent).toContain('Oui');
    expect(row.textContent).toContain('event: incendie');
  });

  it('asks the server, which answers "AI starting up" while it starts, then the same labels', async () => {
    const user = userEvent.setup();
    const { envId } = await insurance();
    show(paths.nlu(PROJECT, envId, 'test'));
    await user.type(await screen.findByLabelText('Phrase à tester'), 'Déclaration de sinistre');
    await user.click(screen.getByRole('radio', { name: 'Sur le serveur' }));
    await user.click(screen.getByRole('button', { name: 'Tester' }));
    expect((await screen.findByTestId('ai-starting')).textContent).toContain("L'IA du serveur « main » démarre, veuillez patienter");

    await new Promise((resolve) => setTimeout(resolve, STARTUP_MS + 200));
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    const result = await screen.findByTestId('nlu-test-result');
    expect(labelsOf(result)).toEqual([['claim', 'sinistre']]);
    expect(screen.queryByTestId('ai-starting')).toBeNull();
    // Incomplete: the contract parameter is missing.
    expect(within(result).getByTestId('nlu-interactions').textContent).toContain('contract');
    // The server was used: the servers list says when it stops by itself, as a French time of day
    // (src/i18n/dates.ts, not toLocaleTimeString and its seconds).
    cleanup();
    show(paths.nlu(PROJECT, envId, 'servers'));
    const row = (await screen.findByText('main')).closest('tr')!;
    await waitFor(() => expect(row.textContent).toMatch(/Arrêt automatique vers \d{2}:\d{2} s'il reste inutilisé/));
  });
});

describe('contexts and servers', () => {
  it('warns that a context no server uses is never analysed, and starts a stopped server', async () => {
    const user = userEvent.setup();
    const { envId } = await insurance({ withServer: false });
    const { unmount } = show(paths.nlu(PROJECT, envId, 'contexts'));
    const row = (await screen.findByText('insurance')).closest('tr')!;
    expect(within(row).getByTestId('no-server-linked').textContent).toContain("Aucun serveur n'est lié à ce contexte");
    expect(row.textContent).toContain('1');
    unmount();

    await post(envId, '/servers', { name: 'main', contexts: ['insurance'] });
    show(paths.nlu(PROJECT, envId, 'servers'));
    const serverRow = (await screen.findByText('main')).closest('tr')!;
    expect(within(serverRow).getByTestId('server-status').textContent).toBe('Arrêté');
    // The actions come with the user's rights, which may load after the list.
    await user.click(await within(serverRow).findByRole('button', { name: 'Démarrer' }));
    await waitFor(() => expect(within(screen.getByText('main').closest('tr')!).getByTestId('server-status').textContent).toBe('Démarrage…'));
    expect(screen.getByText('main').closest('tr')!.textContent).toContain('démarre, veuillez patienter');
  });

  it('deletes a context only after confirmation', async () => {
    const user = userEvent.setup();
    const { envId } = await insurance({ withServer: false });
    show(paths.nlu(PROJECT, envId, 'contexts'));
    await user.click(await screen.findByRole('button', { name: 'Supprimer insurance' }));
    expect((await screen.findByText(/Supprimer le contexte « insurance » et son interaction/)).textContent).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Annuler/ }));
    expect(screen.getByText('insurance')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Supprimer insurance' }));
    await user.click(await screen.findByRole('button', { name: /Confirmer|Supprimer$/ }));
    expect(await screen.findByText('Aucun contexte')).toBeTruthy();
  });
});

describe('a server for a pipeline with categorization (§5)', () => {
  it('starts with the AI version the modules need, and says at once when another would leave categorization without a server', async () => {
    const user = userEvent.setup();
    show(paths.nlu(PROJECT, categorizationEnvironment, 'servers'));
    // The button waits for the environment's modules, which decide the version offered.
    const add = await screen.findByRole('button', { name: 'Nouveau serveur' });
    await waitFor(() => expect(add).toHaveProperty('disabled', false));
    await user.click(add);
    const version = await screen.findByLabelText("Version de l'IA");
    await waitFor(() => expect((version as HTMLInputElement).value).toBe('5'));
    expect(screen.queryByTestId('server-incompatible')).toBeNull();
    await user.clear(version);
    await user.type(version, '4.12');
    expect((await screen.findByTestId('server-incompatible')).textContent).toMatch(/5/);
  });
});

describe('rights (§6)', () => {
  it('shows a qualifier the lists without the buttons the server would refuse', async () => {
    const { envId } = await insurance();
    token = qualifierToken;
    const { unmount } = show(paths.nlu(PROJECT, envId, 'servers'));
    const row = (await screen.findByText('main')).closest('tr')!;
    expect(within(row).getByTestId('server-status').textContent).toBe('Arrêté');
    expect(within(row).queryByRole('button', { name: 'Démarrer' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Supprimer main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Nouveau serveur' })).toBeNull();
    unmount();
    show(paths.nlu(PROJECT, envId, 'archetypes'));
    expect(await screen.findByRole('link', { name: 'claim' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Nouvel archétype' })).toBeNull();
    expect(screen.queryByTestId('nlu-transfer')).toBeNull();
  });
});

describe('archetype editor', () => {
  it('shows line-numbered errors of the dictionary and the forms the engine accepts for a word', async () => {
    const user = userEvent.setup();
    const { envId } = await insurance();
    const saved = await post<{ item: { id: string } }>(envId, '/archetypes', { name: 'event', dictionaries: { fr: '// événements\n[[claim]] grave\nfeu de [[nothing]]' } });
    show(paths.nluArchetype(PROJECT, envId, saved.item.id));
    const errors = await screen.findByTestId('dictionary-errors');
    expect(errors.textContent).toBe('ligne 3 : Le sous-archétype « nothing » n\'existe pas');
    await waitFor(() => expect(screen.getByTestId('dictionary-editor').textContent).toContain('feu de [[nothing]]'));
    // What each line gives, beside the text: a line is a value (the comment line is none).
    expect([...screen.getByTestId('dictionary-values').querySelectorAll('li')].map((item) => item.textContent)).toEqual(['le texte trouvé pour : [[claim]] grave', 'le texte trouvé pour : feu de [[nothing]]']);
    // The dictionary is named by its language, not its code.
    expect(screen.getByLabelText('Dictionnaire (français)')).toBeTruthy();
    await user.type(screen.getByLabelText('Mot'), 'Sinistré');
    await waitFor(() => expect(screen.getByTestId('variation-forms').textContent).toContain('sinistre'));
  });
});

describe('archetype creation', () => {
  it('saves a new archetype and opens its page without asking about unsaved changes', async () => {
    const user = userEvent.setup();
    const { envId } = await insurance();
    show(paths.nluArchetype(PROJECT, envId, NEW_ITEM));
    await user.type(await screen.findByLabelText(/^Nom/), 'vehicle');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    // The created archetype's page: its name as the title, the form clean, no question asked.
    expect(await screen.findByRole('heading', { name: 'vehicle' })).toBeTruthy();
    expect(screen.queryByText('Modifications non enregistrées')).toBeNull();
    expect((screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('interaction editor', () => {
  it('warns that distance -1 needs AI version 4.12 on the servers using the context', async () => {
    const user = userEvent.setup();
    const { envId, interactionId } = await insurance({ aiVersion: 'v4.9_prod' });
    show(paths.nluInteraction(PROJECT, envId, interactionId));
    const distance = await screen.findByLabelText('Distance');
    expect(screen.queryByTestId('distance-version')).toBeNull();
    await user.clear(distance);
    await user.type(distance, '-1');
    expect((await screen.findByTestId('distance-version')).textContent).toContain('main: La distance -1 nécessite la version NLU 4.12 ou supérieure (version du serveur : v4.9_prod)');
  });
});

describe('import', () => {
  it('imports an exportVersion 2 file and shows what was imported and what was not', async () => {
    const user = userEvent.setup();
    const envId = freshEnvironment();
    show(paths.nlu(PROJECT, envId, 'archetypes'));
    const file = new File(
      [
        JSON.stringify({
          nlu: {
            archetypes: [{ name: 'city', langs: ['fr'], dict_first_is_id: false, dict_invariable: false, regex_first_is_id: false, dict: [{ lang: 'fr', dictionary: 'Paris\nLyon' }], regex: [] }, { langs: 'oops' }],
            contexts: [],
            servers: [],
            metadata: { exportVersion: 2 },
          },
        }),
      ],
      'export.json',
      { type: 'application/json' },
    );
    await user.upload(await screen.findByLabelText('Importer un export NLU'), file);
    const report = await screen.findByTestId('nlu-import-report');
    expect(report.textContent).toContain('1 archétype — city');
    expect(report.textContent).toContain('archetypes[1]');
    // Why, in French from its code; the schema validator's own words only as its labelled message.
    expect(report.textContent).toMatch(/archetypes\[1\]\s+— élément invalide \(message du validateur de schéma : /);
    expect(await screen.findByRole('link', { name: 'city' })).toBeTruthy();
  });
});
