// @vitest-environment jsdom
/**
 * The confusion matrix scrolls in its own box like every table: at a phone's width (390 px) the box
 * is a named region in the tab order, so the page keeps its width and a keyboard user can scroll it;
 * when the matrix fits it is a plain box. Its cells still open the messages behind them.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { changeLanguage, initI18n } from '../../../i18n/setup';
import { cellKey, type ConfusionMatrix } from '../../../testing-center/confusion';
import { ConfusionView } from './confusion-view';
import { stubResizeObserver } from '../../../ui/testing/resize-observer';

const observer = stubResizeObserver();
let size = { scrollWidth: 300, clientWidth: 300, scrollHeight: 200, clientHeight: 200 };

beforeAll(async () => {
  await initI18n('fr');
  await changeLanguage('fr');
  for (const key of ['scrollWidth', 'clientWidth', 'scrollHeight', 'clientHeight'] as const) {
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => size[key] });
  }
});
afterEach(cleanup);

const categories = ['Résiliation', 'Demande de devis', "Changement d'adresse", 'Déclaration de sinistre', 'Autre'];
const matrix: ConfusionMatrix = {
  expected: categories,
  obtained: categories,
  cells: new Map(categories.map((category, index) => [cellKey(category, categories[(index + 1) % categories.length]!), [`m${index}`]])),
};

describe('ConfusionView', () => {
  it('scrolls sideways in its own named region at 390 px, and is a plain box once it fits', async () => {
    size = { scrollWidth: 900, clientWidth: 358, scrollHeight: 200, clientHeight: 200 };
    const onSelect = vi.fn();
    render(<ConfusionView matrix={matrix} selected={null} onSelect={onSelect} />);
    const region = screen.getByRole('region', { name: 'Matrice de confusion' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.className).toContain('p-table-scroll');
    expect(region.querySelector('table')).not.toBeNull();
    // Every row drawn, a cell opens its messages.
    await vi.waitFor(() => expect(screen.getAllByRole('button', { name: '1' })).toHaveLength(categories.length));
    fireEvent.click(screen.getAllByRole('button', { name: '1' })[0]!);
    expect(onSelect).toHaveBeenCalledWith(cellKey('Résiliation', 'Demande de devis'), ['m0']);

    size = { scrollWidth: 900, clientWidth: 900, scrollHeight: 200, clientHeight: 200 };
    act(() => observer.resize());
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('is a region too while it is taller than its box (it scrolls top to bottom under its sticky headers)', () => {
    size = { scrollWidth: 600, clientWidth: 600, scrollHeight: 2400, clientHeight: 512 };
    render(<ConfusionView matrix={matrix} selected={null} onSelect={() => {}} />);
    expect(screen.getByRole('region', { name: 'Matrice de confusion' }).getAttribute('tabindex')).toBe('0');
  });
});
