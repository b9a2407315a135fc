// @vitest-environment jsdom
/**
 * The OCR data extraction rules screen against the real server (in-memory PGlite, real HTTP, a
 * fresh environment with the module): the invoice rules shown as defaults, a rule moved and one
 * deleted after a confirmation (a cancelled one stays), a problem shown on the field as it is typed
 * and the save held back, the saved order read back from the server, the unsaved-changes guard on
 * leaving, and "back to the invoice rules" saved as the module having no rules of its own (the
 * second case starts from the list the first one saved).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChildProcess } from 'node:child_process';
import { renderScreens, startScreenServer } from '../../../ui/testing/screen-server';
import { paths } from '../../../app/paths';
import type { OcrDataExtractionSettings } from '../../../contract/ocr-data-extraction';
import { OcrRulesPage } from './rules-page';

let child: ChildProcess;
let address = '';
let token = '';
let envId = '';
const PROJECT = 'demo-ic';
vi.setConfig({ testTimeout: 60_000 });
// The server answers in another process on a shared two-core machine: a second may not be enough.
configure({ asyncUtilTimeout: 15_000 });

beforeAll(async () => {
  const server = await startScreenServer<{ address: string; token: string; envId: string }>('src/features/configuration/ocr-data-extraction/testing/serve-ocr-rules.ts');
  child = server.child;
  ({ address, token, envId } = server.info);
}, 240_000);
afterAll(() => child?.stdin?.end());
afterEach(cleanup);

async function saved(): Promise<OcrDataExtractionSettings> {
  const response = await fetch(`${address}/v4/console/api/environment/${envId}/modules/ocr/ocr-data-extraction`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as OcrDataExtractionSettings;
}

function show() {
  return renderScreens(
    [
      { path: '/project/:projectId/environment/:envId/configuration/ocr-data-extraction/:moduleId', element: <OcrRulesPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    paths.ocrDataExtractionModule(PROJECT, envId, 'ocr'),
  ).router;
}

const names = () => screen.getAllByTestId('ocr-rule-name').map((cell) => cell.textContent);
const save = () => screen.getByRole('button', { name: 'Enregistrer' });

describe('OCR data extraction rules screen', () => {
  it('moves and deletes rules (after a confirmation), holds back a save with a problem and saves the new list', async () => {
    const user = userEvent.setup();
    show();
    await screen.findByTestId('ocr-rules-defaults');
    expect(names()).toEqual(['invoiceNumber', 'date', 'totalExclTax', 'totalInclTax', 'iban']);
    expect((save() as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Monter la règle « iban »' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer la règle « date »' }));
    await user.click(await screen.findByRole('button', { name: 'Annuler' }));
    // The dialog closes with a transition: wait until it is gone before the next click.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(names()).toEqual(['invoiceNumber', 'date', 'totalExclTax', 'iban', 'totalInclTax']);
    await user.click(screen.getByRole('button', { name: 'Supprimer la règle « date »' }));
    await user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(names()).toEqual(['invoiceNumber', 'totalExclTax', 'iban', 'totalInclTax']));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByTestId('ocr-rules-defaults')).toBeNull();

    // A pattern that is not a regular expression: shown on its field and on its row, and not sent.
    await user.click(screen.getByRole('button', { name: 'Modifier la règle « iban »' }));
    const pattern = within(screen.getByTestId('ocr-rule-editor')).getByLabelText('Motif (expression régulière)');
    await user.clear(pattern);
    await user.type(pattern, '[[A-Z');
    expect(within(screen.getByTestId('ocr-rule-editor')).getByText(/^« \[A-Z » n'est pas une expression régulière valide : /)).toBeTruthy();
    await user.click(save());
    expect((await saved()).custom).toBe(false);
    // A back-reference: JavaScript reads it, but the rules' linear-time engine cannot run it.
    await user.clear(pattern);
    await user.type(pattern, '(\\d)\\1');
    expect(within(screen.getByTestId('ocr-rule-editor')).getByText(/^« \(\\d\)\\1 » utilise \\1, que les motifs des règles ne permettent pas/)).toBeTruthy();
    await user.clear(pattern);
    await user.type(pattern, 'FR\\d{{2}');
    expect(within(screen.getByTestId('ocr-rule-editor')).queryByText(/n'est pas une expression régulière valide/)).toBeNull();

    await user.click(save());
    await waitFor(async () => {
      const view = await saved();
      expect(view.custom).toBe(true);
      expect(view.rules.map((rule) => rule.name)).toEqual(['invoiceNumber', 'totalExclTax', 'iban', 'totalInclTax']);
      expect(view.rules[2]).toEqual({ name: 'iban', by: 'pattern', pattern: 'FR\\d{2}' });
    });
    await waitFor(() => expect((save() as HTMLButtonElement).disabled).toBe(true));
  });

  it('asks before leaving with unsaved changes, and saves "back to the invoice rules" as no rules of its own', async () => {
    const user = userEvent.setup();
    const router = show();
    await screen.findByTestId('ocr-rules');
    expect(names()).toEqual(['invoiceNumber', 'totalExclTax', 'iban', 'totalInclTax']);
    await user.click(screen.getByRole('button', { name: 'Revenir aux règles de facture' }));
    await user.click(await screen.findByRole('button', { name: 'Remplacer' }));
    await waitFor(() => expect(names()).toEqual(['invoiceNumber', 'date', 'totalExclTax', 'totalInclTax', 'iban']));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await user.click(screen.getByRole('link', { name: 'Tester sur un document' }));
    expect(await screen.findByText('Modifications non enregistrées')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Rester sur la page' }));
    expect(router.state.location.pathname).toBe(paths.ocrDataExtractionModule(PROJECT, envId, 'ocr'));

    await user.click(save());
    await waitFor(async () => expect((await saved()).custom).toBe(false));
    await user.click(screen.getByRole('link', { name: 'Tester sur un document' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.testOcrDataExtraction(PROJECT, envId)));
  });
});
