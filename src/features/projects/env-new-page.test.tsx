// @vitest-environment jsdom
/**
 * The new-environment page against the real server (ui/testing/serve-demo.ts: in-memory PGlite, the
 * demo data, the demo admin): each use-case template is named by its title in the reader's
 * language, never by its id (`insurance:meeting` read as a key gave "meeting (insurance:meeting)"),
 * with what the picked one does; and creating an environment opens it, rather than the project's list
 * it joined.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths } from '../../app/paths';
import { changeLanguage } from '../../i18n/setup';
import { listEnvironments } from '../../contract/environments';
import { request } from '../../api/request';
import { demoScreenServer, renderScreens } from '../../ui/testing/screen-server';
import { EnvNewPage } from './env-new-page';

demoScreenServer();
afterEach(async () => {
  cleanup();
  await changeLanguage('fr');
});

const PROJECT = 'demo-ic';

function renderPage() {
  return renderScreens(
    [
      { path: '/project/:projectId/env-new', element: <EnvNewPage /> },
      { path: '/project/:projectId/environment/:envId', element: <p>environment page</p> },
      { path: '/project/:projectId', element: <p>project page</p> },
    ],
    paths.createEnv(PROJECT),
  ).router;
}

const templateSelect = () => screen.getByLabelText("Modèle de cas d'usage", { selector: 'select' }) as HTMLSelectElement;

describe('creating an environment', () => {
  it('opens the new environment once it is created', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    await user.type(await screen.findByLabelText(/^Nom/), 'Recette bis');
    await user.click(screen.getByRole('button', { name: "Créer l'environnement" }));
    await screen.findByText('environment page');
    const envId = router.state.location.pathname.split('/').at(-1)!;
    expect(router.state.location.pathname).toBe(paths.environment(PROJECT, envId));
    // The environment the page opened is the one the server created, once.
    const environments = await request(listEnvironments, { params: { projectId: PROJECT } });
    expect(environments.filter((env) => env.name === 'Recette bis').map((env) => env.id)).toEqual([envId]);
  });
});

describe('new environment from a use-case template', () => {
  it('lists the templates by their French titles, without their ids', async () => {
    renderPage();
    await screen.findByLabelText("Modèle de cas d'usage", { selector: 'select' });
    expect([...templateSelect().options].map((option) => option.textContent)).toEqual(['Assurance — prise de rendez-vous', 'Tourisme — messages de compagnies aériennes', 'Commerce — devis et commandes']);
    expect(document.body.textContent).not.toMatch(/insurance|meeting|tourism|retail/);
    expect(document.body.textContent).toContain('prendre, déplacer ou annuler un rendez-vous');
  });

  it('describes the template picked', async () => {
    renderPage();
    await screen.findByLabelText("Modèle de cas d'usage", { selector: 'select' });
    fireEvent.change(templateSelect(), { target: { value: 'retail:quotes-and-orders' } });
    expect(document.body.textContent).not.toContain('prendre, déplacer ou annuler un rendez-vous');
    expect(document.body.textContent).not.toMatch(/retail|quotes/);
  });
});
