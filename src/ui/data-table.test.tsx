// @vitest-environment jsdom
/**
 * The table's box: a plain box while the table fits, a named region in the tab order while it
 * scrolls sideways (so a keyboard user can scroll it).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { changeLanguage, initI18n } from '../i18n/setup';
import { DataTable } from './data-table';
import { stubResizeObserver } from './testing/resize-observer';

const observer = stubResizeObserver();
let widths = { scroll: 300, client: 300 };

beforeAll(async () => {
  await initI18n('fr');
  await changeLanguage('fr');
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => widths.scroll });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => widths.client });
});
afterEach(cleanup);

const table = (label?: string) => (
  <DataTable className="p-table" label={label}>
    <thead>
      <tr>
        <th>Rôle</th>
      </tr>
    </thead>
  </DataTable>
);

describe('DataTable', () => {
  it('adds no tab stop while the table fits', () => {
    widths = { scroll: 300, client: 300 };
    render(table('Membres'));
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table').getAttribute('class')).toContain('p-table');
  });

  it('is a named, focusable region while the table scrolls sideways, and stops being one once it fits', () => {
    widths = { scroll: 900, client: 360 };
    render(table('Membres'));
    const region = screen.getByRole('region', { name: 'Membres' });
    expect(region.getAttribute('tabindex')).toBe('0');
    widths = { scroll: 900, client: 900 };
    act(() => observer.resize());
    expect(screen.queryByRole('region')).toBeNull();
  });

  it("falls back on the table's own label, then on a generic one", () => {
    widths = { scroll: 900, client: 360 };
    render(
      <DataTable aria-label="Règles">
        <tbody />
      </DataTable>,
    );
    expect(screen.getByRole('region', { name: 'Règles' })).toBeTruthy();
    cleanup();
    render(table());
    expect(screen.getByRole('region', { name: 'Tableau, défilement horizontal' })).toBeTruthy();
  });
});
