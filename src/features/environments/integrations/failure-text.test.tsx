// @vitest-environment jsdom
/**
 * The connector list's last error as an admin reads it: the code in words, the quota's renewal day
 * as the reader's date (dd/mm/yy in French, mm/dd/yy in English), not the server's YYYY-MM-DD.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { changeLanguage, initI18n } from '../../../i18n/setup';
import { FailureText } from './failure-text';

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(cleanup);

describe('FailureText', () => {
  it("shows the quota's renewal day as a French date", async () => {
    await changeLanguage('fr');
    const { container } = render(<FailureText failure={{ code: 'quotaReached', detail: '2026-12-01' }} />);
    expect(container.textContent).toBe("Le quota mensuel d'analyses est atteint : la lecture reprendra le 01/12/26.");
  });

  it("shows the quota's renewal day as an English date, also on a run's error line", async () => {
    await changeLanguage('en');
    const { container } = render(<FailureText failure={{ code: 'quotaReached', detail: '2026-12-01' }} />);
    expect(container.textContent).toBe('The monthly analyses quota is used up: reading resumes on 12/01/26.');
    cleanup();
    const run = render(<FailureText failure={{ code: 'quotaReached', detail: '2026-12-01' }} />);
    expect(run.container.textContent).toBe('The monthly analyses quota is used up: reading resumes on 12/01/26.');
  });

  it('keeps other details as they are, and shows nothing without an error', async () => {
    await changeLanguage('en');
    const { container } = render(<FailureText failure={{ code: 'requiredFieldMissing', detail: 'contrat' }} />);
    expect(container.textContent).toBe('The analysis gave no value to the required field contrat: nothing was written back for this message.');
    cleanup();
    expect(render(<FailureText failure={null} />).container.textContent).toBe('');
  });
});
