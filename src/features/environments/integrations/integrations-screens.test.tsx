// @vitest-environment jsdom
/**
 * The integrations screens against the real server and the local Salesforce and n8n servers (in a
 * child process, testing/serve-integrations.ts):
 * - the create wizard: a Salesforce connector starts on JWT with a key Postroom generates (§4), so the
 *   authorization step offers to generate and download the certificate, says where to put it and that
 *   Salesforce may take up to 10 minutes, and authorizing works once it is placed;
 * - the list: deleting an n8n connector whose instance is gone offers to delete it anyway.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { paths } from '../../../app/paths';
import type { Connector } from '../../../contract/integrations';
import { renderScreens, startScreenServer } from '../../../ui/testing/screen-server';
import { IntegrationsPage } from '../integrations-page';
import { ConnectorWizard } from './connector-wizard';

const ENV = 'demo-nlu-recette';
let child: ChildProcess;
let info: { address: string; token: string; salesforceUrl: string; n8nUrl: string };
let answers: string[] = [];
vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  ({ child, info } = await startScreenServer<typeof info>('src/features/environments/integrations/testing/serve-integrations.ts'));
  createInterface({ input: child.stdout! }).on('line', (line) => answers.push(line));
}, 240_000);
afterAll(() => child?.stdin?.end());
afterEach(cleanup);

/** What the customer does in their tool (see the serve script), once it is done. */
async function inTheirTool(command: Record<string, unknown>): Promise<void> {
  answers = [];
  child.stdin!.write(`${JSON.stringify(command)}\n`);
  await waitFor(() => expect(answers).toHaveLength(1));
}

const api = async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${info.address}/v4/console/api/environment/${ENV}/connectors${path}`, {
    method,
    headers: { authorization: `Bearer ${info.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
};

async function connectorNamed(name: string): Promise<Connector | undefined> {
  return (await api<{ connectors: Connector[] }>('GET', '')).connectors.find((connector) => connector.name === name);
}

/** The downloads the page starts (jsdom has no URL.createObjectURL): each blob handed to the browser. */
function captureDownloads(): Blob[] {
  const blobs: Blob[] = [];
  URL.createObjectURL = (blob: Blob) => {
    blobs.push(blob);
    return `blob:download-${blobs.length}`;
  };
  URL.revokeObjectURL = () => undefined;
  return blobs;
}

describe('the wizard for a Salesforce connector signing with a generated key', () => {
  it('offers the certificate in the authorization step, then authorizes once it is placed', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    renderScreens([{ path: '/', element: <ConnectorWizard envId={ENV} onClose={() => undefined} onChanged={() => undefined} /> }], '/');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Type' }), 'salesforce');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    const field = (name: string) => document.getElementById(`connector-${name}`) as HTMLInputElement;
    await user.type(field('name'), 'CRM certificat');
    await user.type(field('clientId'), '3MVG9-postroom-consumer-key');
    await user.type(field('domain'), info.salesforceUrl);
    await user.type(field('user'), 'integration@acme.example');
    expect(field('type').value).toBe('jwt');
    expect(field('privateKeyMode').value).toBe('generated');
    await user.click(screen.getByRole('button', { name: 'Créer' }));

    // Authorizing without the certificate could only fail: it waits for the certificate.
    expect(await screen.findByText(/jusqu'à 10 minutes/)).toBeTruthy();
    const authorize = screen.getByRole('button', { name: 'Autoriser' });
    expect(authorize.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Générer et télécharger le certificat' }));
    expect(await screen.findByText(/Placez ce certificat dans l'application connectée/)).toBeTruthy();
    expect(downloads).toHaveLength(1);
    const certificate = await downloads[0]!.text();
    expect(certificate).toMatch(/^-----BEGIN CERTIFICATE-----/);

    // Before Salesforce takes the certificate, it refuses the sign-in.
    await waitFor(() => expect(authorize.hasAttribute('disabled')).toBe(false));
    await user.click(authorize);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('invalid_client'));
    await inTheirTool({ placeCertificate: certificate });
    await user.click(screen.getByRole('button', { name: 'Autoriser' }));
    expect(await screen.findByRole('button', { name: 'Tester la connexion' })).toBeTruthy();
    expect((await connectorNamed('CRM certificat'))?.state).toBe('authorized');
  });
});

describe('deleting an n8n connector whose instance is gone', () => {
  it('says so, and offers to delete it anyway, the workflow staying in n8n', async () => {
    const user = userEvent.setup();
    const connector = await api<Connector>('POST', '', { name: 'Automatisations', settings: { type: 'n8n', n8n: { baseUrl: info.n8nUrl } }, secrets: { apiKey: 'n8n_api_postroom_test' } });
    const { url } = await api<{ url: string }>('POST', `/${connector.id}/authorize`);
    await api('POST', '/oauth-callback', { state: new URL(url).searchParams.get('state'), code: 'external' });
    await inTheirTool({ stopN8n: true });

    renderScreens([{ path: '/project/:projectId/env-management/integrations', element: <IntegrationsPage /> }], paths.envManagementOf('demo-nlu', ENV, 'integrations'));
    const row = (await screen.findByText('Automatisations')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Supprimer' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText(/L'instance n8n n'a pas pu être jointe .*Supprimer quand même le connecteur « Automatisations »/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Supprimer quand même (le workflow reste dans n8n)' }));
    await waitFor(async () => expect(await connectorNamed('Automatisations')).toBeUndefined());
  });
});
