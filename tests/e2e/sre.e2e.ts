/**
 * The SRE reprocesses the failed analyses of one environment (§2.4 SRE screens): from the
 * user menu, the inbox analyses screen, filtered on a dedicated environment and on "error", a
 * dry-run count in the confirm dialog, then the progress of the new runs — which the real pipeline
 * workers of this server take from the queue — until every one has finished. Analyses elsewhere and
 * the environment's processed analysis are left alone. Its own in-process server with workers, so
 * the shared demo server's data stay as they are.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyses, environments } from '../../server/db/schema';
import { fixture, queueAnalysis } from '../../server/pipeline/testing/analyses';
import { waitForMail } from '../../server/test-support/outbox';
import { openPage } from './support/browser';
import { ownServer } from './support/own-server';
import { srePages as sre } from './support/sre-pages';
import { userMenu } from './support/navigation-pages';

const ENV = 'sre-e2e-failures';
const own = ownServer({ pipeline: { workers: 1, pollMs: 100, leaseMs: 10_000 } });
const signedIn = (username: string) => own.signedIn(username, 1400);
const failedIds: string[] = [];
let processedId = '';
let elsewhereId = '';

const failedModules = [{ moduleId: 'x', type: 'extractor' as const, name: 'Extracteur', outcome: 'error' as const, message: 'crash', result: null }];

async function seedAnalysis(environmentId: string, status: 'error' | 'processed'): Promise<string> {
  const mail = { name: 'bounce.eml', contentType: 'message/rfc822', content: fixture('eml/bounce.eml') };
  // Inserted already finished: no worker takes them until they are reprocessed.
  const id = await queueAnalysis(own.server.handle.db, environmentId, [mail], { state: { status } });
  await own.server.handle.db
    .update(analyses)
    .set(status === 'error' ? { modules: failedModules, error: 'crash', finishedAt: new Date() } : { finishedAt: new Date() })
    .where(eq(analyses.id, id));
  return id;
}

beforeAll(async () => {
  await own.server.handle.db.insert(environments).values({ id: ENV, projectId: 'demo-ic', name: 'Échecs SRE' });
  for (let i = 0; i < 3; i += 1) failedIds.push(await seedAnalysis(ENV, 'error'));
  processedId = await seedAnalysis(ENV, 'processed');
  elsewhereId = await seedAnalysis('demo-ic-prod', 'error');
}, 120_000);

describe('SRE analyses screens', () => {
  it('reprocesses the failed analyses of an environment, with a dry-run count first and progress after', async () => {
    const page = await signedIn('sre');
    await sre.openInboxcareFromMenu(page);
    await sre.pickEnvironment(page, 'Démo / Courrier entrant / Échecs SRE');
    await expect.poll(() => sre.rows(page).count()).toBe(4);
    await sre.toggleStatus(page, 'Erreur');
    await expect.poll(async () => (await sre.rowIds(page)).sort()).toEqual([...failedIds].sort());
    await expect(sre.rows(page).first().textContent()).resolves.toContain('Extracteur');

    await sre.reprocessMatching(page).click();
    await sre.dialog(page).waitFor();
    await expect.poll(() => sre.dryRunText(page)).toContain('3 analyses seront remises en file d\'attente.');
    await sre.confirm(page).click();
    // The workers of this server take them from the queue; the dialog follows until all are done.
    await expect.poll(() => sre.progress(page).textContent(), { timeout: 30_000 }).toContain('Toutes les analyses relancées sont terminées.');
    await expect(page.getByTestId('reprocess-counts').textContent()).resolves.toMatch(/^3 terminées sur 3/);

    const rows = await own.server.handle.db.select().from(analyses);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of failedIds) {
      expect(byId.get(id)?.run).toBe(2);
      expect(['processed', 'error']).toContain(byId.get(id)?.status);
    }
    expect(byId.get(processedId)?.run).toBe(1);
    expect(byId.get(elsewhereId)).toMatchObject({ run: 1, status: 'error' });
    await page.context().close();
  });

  it('creates an organisation whose first administrator is invited by mail', async () => {
    const page = await signedIn('sre');
    await userMenu.choose(page, 'Organisations (SRE)');
    await page.waitForURL(/\/admin\/organisations$/);
    await page.getByTestId('sre-organisations').getByRole('rowheader', { name: 'Démo' }).waitFor();
    await page.getByRole('button', { name: 'Nouvelle organisation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle organisation' });
    await dialog.getByLabel('Nom', { exact: true }).fill('Transports Alizé');
    await dialog.getByLabel('Quota annuel d\'analyses').fill('25000');
    await dialog.getByLabel('Prénom').fill('Léa');
    await dialog.getByLabel('Nom de famille').fill('Roux');
    await dialog.getByLabel('Identifiant').fill('lea-alize');
    // A bad address is caught before anything is sent, and what was typed stays.
    await dialog.getByLabel('E-mail').fill('pas-une-adresse');
    await dialog.getByRole('button', { name: 'Créer et inviter' }).click();
    // Under the field, with the rule it breaks (not "Valeur invalide").
    await dialog.locator('.bp6-form-group', { has: page.getByLabel('E-mail') }).getByText('Adresse e-mail invalide').waitFor();
    await dialog.getByLabel('E-mail').fill('lea@alize.test');
    await dialog.getByRole('button', { name: 'Créer et inviter' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('sre-organisations').locator('tr', { has: page.getByRole('rowheader', { name: 'Transports Alizé' }) });
    await expect.poll(() => row.locator('td').allTextContents()).toEqual([`01/01/${String(new Date().getFullYear()).slice(2)}`, '25 000'.replace(' ', '\u202f'), '0', '1']);
    const mail = await waitForMail(own.server.outboxDir, (m) => m.to === 'lea@alize.test');
    expect(mail.subject).toBe('Invitation à rejoindre Transports Alizé sur Postroom');
    await page.context().close();
  });

  it('is not offered to an organisation admin, whom the server refuses', async () => {
    const page = await signedIn('admin');
    const labels = await userMenu.labels(page);
    expect(labels).toContain('Profil');
    expect(labels.filter((label) => label.endsWith('(SRE)'))).toEqual([]);
    // The page is not loaded at all: the no-access page says so, and the server is not asked.
    await openPage(page, '/admin/sre-inboxcare');
    await page.getByTestId('no-access').waitFor();
    await page.context().close();
  });
});
