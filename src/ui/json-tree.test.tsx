// @vitest-environment jsdom
/** The JSON tree opens what has content; an empty list or object is a plain value, not a toggle over nothing ("▼ [0]"). */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { JsonTree } from './json-tree';

afterEach(() => cleanup());

describe('json tree', () => {
  it('shows empty lists and objects as values, and opens the others', () => {
    const { container } = render(<JsonTree value={{ phones: [], extra: {}, names: ['Ana'] }} />);
    const toggles = [...container.querySelectorAll('summary')].map((summary) => summary.textContent);
    expect(toggles).toEqual(['{3}', 'names: [1]']);
    const leaves = [...container.querySelectorAll('.p-json-leaf')].map((leaf) => leaf.textContent);
    expect(leaves).toEqual(['phones: []', 'extra: {}', '0: "Ana"']);
  });
});
