// @vitest-environment jsdom
/** The dashboard's period unit agrees with its number: "sur 1 jour", "sur 7 jours"; this and last period read as one. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { initI18n } from '../../i18n/setup';
import { RangePicker } from './range-picker';
import type { RangeChoice } from './date-range';

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(() => cleanup());

const unitLabels = (choice: RangeChoice) => {
  render(<RangePicker choice={choice} onChange={() => undefined} />);
  const labels = [...(screen.getByLabelText('Unité') as HTMLSelectElement).options].map((option) => option.textContent);
  cleanup();
  return labels;
};

describe('range picker', () => {
  it('puts the unit in the singular for one, in the plural for several', () => {
    expect(unitLabels({ relative: 'past', unit: 'day', n: 1 })).toEqual(['jour', 'semaine', 'mois', 'trimestre', 'année']);
    expect(unitLabels({ relative: 'past', unit: 'day', n: 7 })).toEqual(['jours', 'semaines', 'mois', 'trimestres', 'années']);
    expect(unitLabels({ relative: 'this', unit: 'day', n: 7 })).toEqual(['jour', 'semaine', 'mois', 'trimestre', 'année']);
  });
});
