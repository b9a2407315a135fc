// @vitest-environment jsdom
/**
 * The analysis result's tabs as a user drives them: the overview by default, the tab named in the
 * address (`?tab=`), the arrow keys and Enter to change tab, and the address following, in French and English.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { changeLanguage, initI18n } from '../../i18n/setup';
import { AnalysisTabs } from './analysis-tabs';

function renderAt(url: string) {
  const router = createMemoryRouter(
    [{ path: '/a', element: <AnalysisTabs overview={<p>OVERVIEW</p>} documents={<p>DOCUMENTS</p>} modules={<p>MODULES</p>} deliveries={<p>DELIVERIES</p>} trace={<p>TRACE</p>} /> }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(cleanup);

describe('AnalysisTabs', () => {
  it('opens on the overview and shows only the open tab', async () => {
    await changeLanguage('fr');
    renderAt('/a');
    expect(screen.getByRole('tab', { name: "Vue d'ensemble" }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('OVERVIEW')).toBeTruthy();
    expect(screen.queryByText('MODULES')).toBeNull();
  });

  it('opens the tab named in the address', async () => {
    await changeLanguage('en');
    renderAt('/a?tab=deliveries');
    expect(screen.getByRole('tab', { name: 'Deliveries' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('DELIVERIES')).toBeTruthy();
  });

  it('moves between tabs with the arrow keys and Enter, and puts the tab in the address', async () => {
    await changeLanguage('fr');
    const router = renderAt('/a');
    const user = userEvent.setup();
    screen.getByRole('tab', { name: "Vue d'ensemble" }).focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Documents' }));
    await user.keyboard('{Enter}');
    expect(screen.getByText('DOCUMENTS')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=documents');
    await user.click(screen.getByRole('tab', { name: "Vue d'ensemble" }));
    expect(router.state.location.search).toBe('');
  });
});
