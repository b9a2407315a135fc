// @vitest-environment jsdom
/**
 * The analysis result names what it shows: a delivery's type by its French name, not
 * `analysis` or `error`; an NLU block's language by its name, not `gb`.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { DeliveryAttempt, ModuleResult } from '../../contract/analyses';
import { initI18n } from '../../i18n/setup';
import { DeliveryAttempts } from './delivery-attempts';
import { NluResultView } from './nlu-result-view';

beforeAll(() => initI18n('fr'));
afterEach(cleanup);

const attempt = (id: string, type: DeliveryAttempt['type']): DeliveryAttempt => ({
  id,
  webhookId: 'w1',
  url: 'https://example.test/hook',
  type,
  attempt: 1,
  outcome: 'delivered',
  scheduledAt: '2026-03-01T10:00:00.000Z',
  payload: {},
  httpStatus: 204,
  deliveredAt: '2026-03-01T10:00:01.000Z',
  errorAt: null,
  error: null,
});

describe('analysis result', () => {
  it('names each delivery type in French', () => {
    render(<DeliveryAttempts deliveries={[attempt('a', 'analysis'), attempt('b', 'consolidation'), attempt('c', 'error')]} />);
    const types = within(screen.getByTestId('deliveries')).getAllByRole('row').slice(1).map((row) => row.children[1]?.textContent);
    expect(types).toEqual(['Analyse terminée', 'Consolidation', "Erreur d'analyse"]);
  });

  it('names the language of an NLU block, not its code', () => {
    const nlu = {
      moduleId: 'm1',
      type: 'nlu',
      name: 'NLU',
      outcome: 'success',
      message: null,
      result: { server: 'main', context: null, blocksNotAnalysed: 0, blocks: [{ document: 0, block: 0, documentName: 'mail.eml', source: 'body', page: null, result: { language: 'gb', interactions: [], labels: [] } }] },
    } as unknown as ModuleResult;
    render(<NluResultView module={nlu} modules={[nlu]} />);
    const heading = within(screen.getByTestId('nlu-block')).getByRole('heading');
    expect(heading.textContent).toBe('mail.eml (anglais (Royaume-Uni))');
  });
});
