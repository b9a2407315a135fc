// @vitest-environment jsdom
/** The testing center's tabs: the parameters tab goes away with the disableTestCenterConfigurationTab flag (§3). */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n } from '../../i18n/setup';
import { db } from '../../storage/db';
import { setFlag } from '../../storage/feature-flags';
import { loadStore } from '../../storage/store';
import { TestingCenterLayout } from './testing-center-layout';

beforeAll(() => initI18n('fr'));
beforeEach(async () => {
  await db.entries.clear();
  await loadStore();
});
afterEach(cleanup);

function renderLayout() {
  const router = createMemoryRouter([{ path: '/project/:projectId/testing-center/messages-bank', element: <TestingCenterLayout /> }], {
    initialEntries: ['/project/demo-nlu/testing-center/messages-bank'],
  });
  render(<RouterProvider router={router} />);
}

describe('testing center tabs', () => {
  it('offer the parameters tab, and hide it while the flag is on', async () => {
    renderLayout();
    expect(screen.getByRole('link', { name: 'Paramètres de test' }).getAttribute('href')).toBe('/project/demo-nlu/testing-center/messages-bank/parameters');
    await act(() => setFlag('disableTestCenterConfigurationTab', true));
    expect(screen.queryByRole('link', { name: 'Paramètres de test' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Banque de messages' })).toBeTruthy();
    await act(() => setFlag('disableTestCenterConfigurationTab', false));
    expect(screen.getByRole('link', { name: 'Paramètres de test' })).toBeTruthy();
  });
});
