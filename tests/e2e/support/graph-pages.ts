/** Page model of the configuration graph: labels live here, not in the scenario. */
import { openPage } from './browser';
import type { Locator, Page } from 'playwright-core';

const env = (projectId: string, envId: string) => `/project/${projectId}/environment/${envId}`;

export const graphPage = {
  async open(page: Page, projectId: string, envId: string) {
    await openPage(page, `${env(projectId, envId)}/graph`);
    await page.getByRole('heading', { name: 'Graphe', level: 1 }).waitFor();
  },
  /** A node of the graph by kind and name (its accessible name starts with them). */
  node: (page: Page, kind: string, name: string): Locator => page.locator('.react-flow__node').filter({ has: page.getByText(kind, { exact: false }) }).filter({ has: page.getByText(name, { exact: true }) }),
  /** The problem marker drawn on a node (its accessible name is the problem's text). */
  marker: (node: Locator): Locator => node.getByRole('img'),
  problems: (page: Page): Locator => page.locator('[aria-labelledby="cg-problems-title"]'),
  moduleFilter: (page: Page): Locator => page.getByLabel('Module', { exact: true }),
  counts: (page: Page): Locator => page.getByText(/\d+ nœuds, \d+ liens/),
  async search(page: Page, text: string) {
    await page.getByLabel('Chercher un nœud').fill(text);
  },
  searchResults: (page: Page): Locator => page.getByRole('list', { name: 'Nœuds trouvés' }).getByRole('button'),
  panel: (page: Page): Locator => page.locator('[aria-labelledby="cg-panel-title"]'),
  panelTitle: (page: Page): Locator => page.locator('#cg-panel-title'),
  openEditor: (page: Page): Locator => page.getByRole('link', { name: "Ouvrir l'éditeur" }),
  /** The zoom the graph is drawn at (React Flow's viewport transform, `translate(…) scale(z)`). */
  async zoom(page: Page): Promise<number> {
    const transform = await page.locator('.react-flow__viewport').evaluate((element) => (element as HTMLElement).style.transform);
    const scale = /scale\(([\d.]+)\)/.exec(transform);
    if (scale === null) throw new Error(`No scale in the graph's transform: ${transform}`);
    return Number(scale[1]);
  },
  /** The graph's control that shows it whole. */
  fitView: (page: Page): Locator => page.getByRole('button', { name: 'Afficher tout le graphe' }),
  /** An entity editor's link to its node on the graph. */
  showInGraph: (page: Page): Locator => page.getByRole('link', { name: 'Voir dans le graphe' }),
};
