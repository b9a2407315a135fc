// @vitest-environment jsdom
/** Recent pages as the index page reads them: a stable list, so React does not re-render forever. */
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { db } from '../storage/db';
import { loadStore } from '../storage/store';
import { readRecentPages, recordRecentPage, useRecentPages } from './recent-pages';

beforeEach(async () => {
  await db.entries.clear();
  await loadStore();
});

function Count() {
  return <p>{useRecentPages().length} pages</p>;
}

describe('recent pages', () => {
  it('reads the same empty list each time before any page is recorded', () => {
    expect(readRecentPages()).toEqual([]);
    expect(readRecentPages()).toBe(readRecentPages());
  });

  it('renders for a user who has visited nothing yet, then follows a visit', async () => {
    render(<Count />);
    expect(screen.getByText('0 pages')).toBeTruthy();
    await recordRecentPage({ path: '/orga/demo', titleKey: 'orga' });
    expect(await screen.findByText('1 pages')).toBeTruthy();
  });
});
