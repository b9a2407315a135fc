// @vitest-environment jsdom
/**
 * The organisation consumption view as a reader sees it: quota left (or exceeded, or no quota), the
 * chart's stacked bars per month and project, the table's totals, and the CO2 method with the
 * figures in force, in French and in English.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { OrganisationConsumption } from '../../contract/consumption';
import { changeLanguage, initI18n } from '../../i18n/setup';
import { axisMax } from './monthly-chart';
import { yearLabel } from './organisation-consumption-page';
import { OrganisationConsumptionView } from './organisation-consumption-view';

const months = Array.from({ length: 13 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 2 + i, 1));
  const month = date.toISOString().slice(0, 7);
  return { month, from: `${month}-01`, to: `${month}-28`, analyses: 0, co2: { cpuMs: 0, kWh: 0, kgCo2: 0 } };
});
months[0] = { ...months[0]!, from: '2026-03-15', to: '2026-03-31', analyses: 3 };
months[1] = { ...months[1]!, analyses: 1200 };

function sample(quota: OrganisationConsumption['quota']): OrganisationConsumption {
  return {
    organisationId: 'demo',
    organisationName: 'Démo',
    contractStartDate: '2023-03-15',
    contractYear: { year: 2026, start: '2026-03-15', end: '2027-03-14' },
    years: [2026, 2025],
    quota,
    months,
    projects: [
      { projectId: 'p1', name: 'Sinistres', analyses: 1000, perMonth: [2, 998, ...Array(11).fill(0)], co2: { cpuMs: 3_600_000, kWh: 0.00455, kgCo2: 0.000273 } },
      { projectId: null, name: null, analyses: 203, perMonth: [1, 202, ...Array(11).fill(0)], co2: { cpuMs: 0, kWh: 0, kgCo2: 0 } },
    ],
    co2: { cpuMs: 7_200_000, kWh: 0.0091, kgCo2: 0.000546 },
    method: { wattsPerCore: 3.5, pue: 1.3, kgCo2PerKwh: 0.06, since: '2025-04-24' },
  };
}

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(async () => {
  cleanup();
  await changeLanguage('fr');
});

describe('organisation consumption view', () => {
  it('shows what is left of the quota, with French numbers and dates', () => {
    render(<OrganisationConsumptionView data={sample({ yearlyQuota: 10_000, used: 1203, left: 8797 })} language="fr" />);
    const quota = screen.getByTestId('quota');
    expect(quota.textContent).toContain('8\u202f797 restantes sur 10\u202f000');
    expect(quota.textContent).toContain('du 15/03/26 au 14/03/27');
    expect(within(quota).getByRole('progressbar')).toBeTruthy();
  });

  it('says when the quota is exceeded, and when there is none', () => {
    const { unmount } = render(<OrganisationConsumptionView data={sample({ yearlyQuota: 1000, used: 1203, left: -203 })} language="fr" />);
    expect(screen.getByTestId('quota').textContent).toContain('Quota dépassé de 203');
    unmount();
    render(<OrganisationConsumptionView data={sample({ yearlyQuota: null, used: 1203, left: null })} language="fr" />);
    expect(screen.getByTestId('quota').textContent).toContain('Pas de quota annuel');
  });

  it('draws one bar per month, stacked per project, and names the projects the reader may not see as others', () => {
    const { container } = render(<OrganisationConsumptionView data={sample({ yearlyQuota: null, used: 1203, left: null })} language="fr" />);
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toContain('total 1\u202f203');
    expect(container.querySelectorAll('[data-testid^="bar-"]')).toHaveLength(13);
    const april = screen.getByTestId('bar-2026-04');
    const rects = april.querySelectorAll('rect');
    expect(rects).toHaveLength(2);
    // The stack fills the bar in proportion: 998 + 202 of an axis topped at 2000.
    const heights = [...rects].map((rect) => Number(rect.getAttribute('height')));
    expect(heights[0]! / heights[1]!).toBeCloseTo(998 / 202, 5);
    expect(screen.getAllByText('Autres projets (non visibles pour vous)').length).toBeGreaterThan(0);
  });

  it('lists the figures per project and month with the totals', () => {
    render(<OrganisationConsumptionView data={sample({ yearlyQuota: null, used: 1203, left: null })} language="fr" />);
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]?.textContent).toContain('mars 26');
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('Sinistres');
    expect(rows[1]?.textContent).toContain('998');
    expect(rows.at(-1)?.textContent).toContain('1\u202f200');
    expect(rows.at(-1)?.textContent).toContain('1\u202f203');
    // The CO2 of each project and of the year, last column.
    expect(within(rows[1]!).getAllByRole('cell').at(-1)?.textContent).toBe('0,000273');
    expect(rows.at(-1)?.querySelectorAll('td')[13]?.textContent).toBe('1\u202f203');
    expect(rows.at(-1)?.querySelectorAll('td')[14]?.textContent).toBe('0,000546');
  });

  it('shows an empty state instead of the chart when the year has no analyses', () => {
    const empty = { ...sample({ yearlyQuota: 10, used: 0, left: 10 }), projects: [], months: months.map((m) => ({ ...m, analyses: 0 })) };
    render(<OrganisationConsumptionView data={empty} language="fr" />);
    expect(screen.getByText('Aucune analyse pendant cette année de contrat')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('co2-figure')).toBeTruthy();
  });

  it('explains the CO2 method with the formula and the figures used, in both languages', async () => {
    const data = sample({ yearlyQuota: null, used: 1203, left: null });
    const { unmount } = render(<OrganisationConsumptionView data={data} language="fr" />);
    expect(screen.getByTestId('co2-figure').textContent).toBe('0,000546 kg de CO2 (0,0091 kWh) pour 2 heures de calcul');
    expect(screen.getByText(/énergie \(kWh\) = heures CPU × 3,5 W par cœur ÷ 1000 × PUE 1,3/)).toBeTruthy();
    expect(screen.getByText(/Comptée depuis le 24\/04\/25/)).toBeTruthy();
    unmount();
    await changeLanguage('en');
    render(<OrganisationConsumptionView data={data} language="en" />);
    expect(screen.getByTestId('co2-figure').textContent).toBe('0.000546 kg of CO2 (0.0091 kWh) for 2 hours of computing');
    expect(screen.getByText(/CO2 \(kg\) = energy \(kWh\) × 0.06 kg of CO2 per kWh/)).toBeTruthy();
    expect(screen.getByText(/Counted since 04\/24\/25/)).toBeTruthy();
    expect(screen.getByTestId('quota').textContent).toContain('from 03/15/26 to 03/14/27');
  });
});

describe('counts that agree with their noun', () => {
  it('puts 0 and 1 in the singular in French, 1 alone in English', async () => {
    const idle = (quota: OrganisationConsumption['quota'], cpuMs: number) => ({ ...sample(quota), co2: { cpuMs, kWh: 0, kgCo2: 0 } });
    const { unmount } = render(<OrganisationConsumptionView data={idle({ yearlyQuota: null, used: 0, left: null }, 0)} language="fr" />);
    expect(screen.getByTestId('quota').textContent).toContain('Pas de quota annuel : 0 analyse utilisée');
    expect(screen.getByTestId('co2-figure').textContent).toBe('0 kg de CO2 (0 kWh) pour 0 heure de calcul');
    unmount();
    const again = render(<OrganisationConsumptionView data={idle({ yearlyQuota: 10, used: 1, left: 1 }, 5_400_000)} language="fr" />);
    expect(screen.getByTestId('quota').textContent).toContain('1 restante sur 10');
    expect(screen.getByTestId('quota').textContent).toContain('1 analyse utilisée sur 10');
    // 1,5 heure: below 2, French keeps the singular.
    expect(screen.getByTestId('co2-figure').textContent).toBe('0 kg de CO2 (0 kWh) pour 1,5 heure de calcul');
    again.unmount();
    await changeLanguage('en');
    const english = render(<OrganisationConsumptionView data={idle({ yearlyQuota: 10, used: 0, left: 1 }, 3_599_000)} language="en" />);
    expect(screen.getByTestId('quota').textContent).toContain('0 analyses used of 10');
    // 0.9997 h is shown as 1: "1 hour", as it reads.
    expect(screen.getByTestId('co2-figure').textContent).toBe('0 kg of CO2 (0 kWh) for 1 hour of computing');
    english.unmount();
    render(<OrganisationConsumptionView data={idle({ yearlyQuota: null, used: 1, left: null }, 0)} language="en" />);
    expect(screen.getByTestId('quota').textContent).toContain('No yearly quota: 1 analysis used');
  });
});

describe('helpers', () => {
  it('round the chart axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 3, 7, 12, 1200, 2001].map(axisMax)).toEqual([1, 5, 10, 20, 2000, 5000]);
  });

  it('name a contract year by its calendar years', () => {
    expect(yearLabel(2026, '2024-01-01')).toBe('2026');
    expect(yearLabel(2026, '2023-03-15')).toBe('2026 – 2027');
  });
});
