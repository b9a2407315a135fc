// @vitest-environment jsdom
/**
 * The result page shows the messages stored with an analysis (module outcomes, trace rows)
 * in the user's language from their keys, whatever language the API answered `message` in; a
 * message stored before keys existed is shown as received. A failure's reason (a library's or remote
 * service's error) reads in the user's language too, its raw text only as a technical detail.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '../../i18n/setup';
import type { ModuleResult, TraceEntry } from '../../contract/analyses';
import { failureReason } from '../../contract/failure-reasons';
import { ModuleResults } from './module-results';
import { TraceTimeline } from './trace-timeline';

afterEach(() => cleanup());

const modules: ModuleResult[] = [
  {
    moduleId: 'x', type: 'extractor', name: 'Extracteur', outcome: 'skipped', result: null,
    // The API answered in English (a browser asking for it); the console still uses the keys.
    message: 'The module "Extracteur" is deactivated.',
    messageKey: 'module.deactivated', messageParams: { name: 'Extracteur' }, messageParts: [{ key: 'module.deactivated', params: { name: 'Extracteur' } }],
  },
  { moduleId: 'o', type: 'output', name: 'Sortie', outcome: 'skipped', result: null, message: 'Legacy sentence kept as stored.' },
];

const trace: TraceEntry[] = [
  {
    run: 1, step: 0, module: 'queue', startedAt: '2026-03-20T10:00:00Z', durationMs: 3, outcome: 'success',
    message: 'Claimed by worker w1.', messageKey: 'trace.claimed', messageParams: { worker: 'w1' }, messageParts: [{ key: 'trace.claimed', params: { worker: 'w1' } }],
  },
];

describe('analysis messages on the result page', () => {
  it('shows module and trace messages in French', async () => {
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    render(<><ModuleResults modules={modules} /><TraceTimeline trace={trace} /></>);
    expect(screen.getAllByTestId('module-message').map((node) => node.textContent)).toEqual(['Le module « Extracteur » est désactivé.', 'Legacy sentence kept as stored.']);
    expect(screen.getByTestId('trace-message').textContent).toBe('Pris en charge par le worker w1.');
  });

  it('shows them in English for an English user', async () => {
    await initI18n('en');
    await i18next.changeLanguage('en');
    render(<><ModuleResults modules={modules} /><TraceTimeline trace={trace} /></>);
    expect(screen.getAllByTestId('module-message')[0]!.textContent).toBe('The module "Extracteur" is deactivated.');
    expect(screen.getByTestId('trace-message').textContent).toBe('Claimed by worker w1.');
  });

  it('shows a failure reason in French, the service\'s own English only as the technical detail', async () => {
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    const failed: ModuleResult = {
      moduleId: 'v', type: 'visionEngine', name: 'Vision', outcome: 'error', result: null,
      message: 'The vision engine failed: the service did not answer in time (technical detail: The operation was aborted due to timeout)',
      messageParts: [{ key: 'visionEngine.failed', params: { reason: failureReason(timeout) } }],
    };
    render(<ModuleResults modules={[failed]} />);
    expect(screen.getByTestId('module-message').textContent).toBe("Le moteur de vision a échoué : le service n'a pas répondu à temps (détail technique : The operation was aborted due to timeout)");
  });
});
