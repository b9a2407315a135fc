// @vitest-environment jsdom
/**
 * Pages for an id the server does not know (ui/testing/serve-demo.ts: the real server with the demo
 * data): they say plainly that the thing does not exist, in the reader's language, lead back to its
 * list, name the missing part in the breadcrumbs instead of "…", and offer no retry, which would
 * change nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { demoScreenServer, renderScreens } from '../../ui/testing/screen-server';
import { changeLanguage } from '../../i18n/setup';
import { ArchetypeEditorPage } from '../../features/configuration/nlu/archetype-editor-page';
import { InteractionEditorPage } from '../../features/configuration/nlu/interaction-editor-page';
import { CategoryEditorPage } from '../../features/configuration/categorization/category-editor-page';
import { RuleEditorPage } from '../../features/configuration/categorization/rule-editor-page';
import { ResultPage } from '../../features/testing-center/runs/result-page';
import { KitPage } from '../../features/toolbox/kit-page';
import { ComponentPage } from '../../features/toolbox/component-page';
import { paths } from '../paths';
import { EnvironmentLayout } from './environment-layout';
import { OrganisationLayout } from './organisation-layout';
import { ProjectLayout } from './project-layout';

const server = demoScreenServer();
afterEach(async () => {
  cleanup();
  await changeLanguage('fr');
});

const placeholder = <h1>Page</h1>;
const env = '/project/:projectId/environment/:envId';
const ROUTES = [
  { path: '/orga/:orgaId', element: <OrganisationLayout />, children: [{ index: true, element: placeholder }] },
  { path: '/project/:projectId', element: <ProjectLayout />, children: [{ index: true, element: placeholder }, { path: 'testing-center/messages-bank/tests/:testId', element: <ResultPage /> }] },
  {
    path: env,
    element: <EnvironmentLayout />,
    children: [
      { index: true, element: placeholder },
      { path: 'configuration/nlu/archetypes/:archetypeId', element: <ArchetypeEditorPage /> },
      { path: 'configuration/nlu/interactions/:interactionId', element: <InteractionEditorPage /> },
      { path: 'configuration/categorization/:moduleId/categories/:categoryId', element: <CategoryEditorPage /> },
      { path: 'configuration/categorization/:moduleId/categories/:categoryId/rules/:ruleId', element: <RuleEditorPage /> },
    ],
  },
  { path: '/toolbox/kits/:kitId', element: <KitPage orgaId="demo" kitId="no-such-kit" /> },
  { path: '/toolbox/components/:componentId', element: <ComponentPage orgaId="demo" componentId="no-such-component" kitId={null} /> },
].map((route) => route as { path: string; element: React.ReactElement });

const trail = () => within(screen.getByRole('navigation', { name: /fil d'ariane|breadcrumb/i }));

/** The page says `text`, leads back with `back` to `to`, has no retry button, and no crumb stays "…" once the names are loaded. */
async function expectMissing(text: string, back: string, to: string) {
  expect(await screen.findByText(text)).toBeTruthy();
  expect(screen.getAllByRole('link', { name: back }).map((link) => link.getAttribute('href'))).toContain(to);
  expect(screen.queryByRole('button', { name: /Réessayer|Retry/ })).toBeNull();
  await waitFor(() => {
    const crumbs = screen.queryAllByRole('navigation').flatMap((nav) => within(nav).queryAllByRole('listitem').map((item) => item.textContent));
    expect(crumbs).not.toContain('…');
  });
}

describe('an unknown project, environment or organisation', () => {
  it('says the project does not exist, names it "introuvable" in the breadcrumbs, and leads back to the organisations', async () => {
    renderScreens(ROUTES, '/project/no-such-project');
    await expectMissing("Ce projet n'existe pas ou n'existe plus.", 'Retour aux organisations', paths.organisations());
    expect(trail().getByText('Projet introuvable')).toBeTruthy();
    expect(screen.queryByText('Page')).toBeNull();
  });

  it('says so in English for an English reader', async () => {
    await changeLanguage('en');
    renderScreens(ROUTES, '/project/no-such-project');
    await expectMissing('This project does not exist or no longer exists.', 'Back to organisations', paths.organisations());
    expect(trail().getByText('Project not found')).toBeTruthy();
  });

  it("says the environment does not exist, beside its project's name, and leads back to the project", async () => {
    renderScreens(ROUTES, '/project/demo-nlu/environment/no-such-env');
    await expectMissing("Cet environnement n'existe pas ou n'existe plus.", 'Retour au projet', paths.project('demo-nlu'));
    expect(await trail().findByText('Assistant NLU')).toBeTruthy();
    expect(trail().getByText('Environnement introuvable')).toBeTruthy();
  });

  it('says the organisation does not exist', async () => {
    renderScreens(ROUTES, '/orga/no-such-orga');
    await expectMissing("Cette organisation n'existe pas ou n'existe plus.", 'Retour aux organisations', paths.organisations());
  });
});

describe('an unknown item of a known environment, project or toolbox', () => {
  it('says the archetype does not exist and leads back to the archetypes', async () => {
    renderScreens(ROUTES, paths.nluArchetype('demo-nlu', server.environmentId, 'no-such-archetype'));
    await expectMissing("Cet archétype n'existe pas ou n'existe plus.", 'Retour aux archétypes', paths.nlu('demo-nlu', server.environmentId, 'archetypes'));
  });

  it('says the interaction does not exist and leads back to the interactions', async () => {
    renderScreens(ROUTES, paths.nluInteraction('demo-nlu', server.environmentId, 'no-such-interaction'));
    await expectMissing("Cette interaction n'existe pas ou n'existe plus.", 'Retour aux interactions', paths.nlu('demo-nlu', server.environmentId, 'interactions'));
  });

  it('says the category, then the rule, does not exist and leads back to the categories, then the category', async () => {
    const { rendered } = renderScreens(ROUTES, paths.categorizationCategory('demo-nlu', server.environmentId, 'demo-categorization', 'no-such-category'));
    await expectMissing("Cette catégorie n'existe pas ou n'existe plus.", 'Retour aux catégories', paths.categorizationModule('demo-nlu', server.environmentId, 'demo-categorization'));
    rendered.unmount();
    renderScreens(ROUTES, paths.categorizationRule('demo-nlu', server.environmentId, 'demo-categorization', 'no-such-category', 'no-such-rule'));
    expect(await screen.findByText("Cette catégorie n'existe pas ou n'existe plus.")).toBeTruthy();
  });

  it('says the test run does not exist and leads back to the tests', async () => {
    renderScreens(ROUTES, paths.testResult('demo-nlu', 'no-such-run'));
    await expectMissing("Ce test n'existe pas ou n'existe plus.", 'Retour aux tests', paths.tests('demo-nlu'));
  });

  it('says the kit, and the component, does not exist and leads back to the kits', async () => {
    const { rendered } = renderScreens(ROUTES, paths.kit('no-such-kit'));
    await expectMissing("Ce kit n'existe pas ou n'existe plus.", 'Retour aux kits', '/toolbox/kits?orga=demo');
    rendered.unmount();
    renderScreens(ROUTES, paths.component('no-such-component'));
    await expectMissing("Ce composant n'existe pas ou n'existe plus.", 'Retour aux kits', '/toolbox/kits?orga=demo');
  });
});
