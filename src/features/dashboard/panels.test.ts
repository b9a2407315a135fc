/** The attachment-category trend and the top extracted values as the panels' tables (and so their charts and CSV). */
import { describe, expect, it } from 'vitest';
import type { EnvironmentDashboard } from '../../contract/dashboard';
import { dashboardPanels } from './panels';

const counts = { received: 0, processed: 0, error: 0, aborted: 0, errorRate: null, duration: { p50: null, p95: null, p99: null }, webhooksDelivered: 0, webhooksFailed: 0 };
const dashboard: EnvironmentDashboard = {
  from: '2025-03-10',
  to: '2025-03-11',
  bucket: 'day',
  timeZone: 'Europe/Paris',
  points: [
    { start: '2025-03-10', ...counts },
    { start: '2025-03-11', ...counts },
  ],
  totals: counts,
  moduleErrors: [],
  categories: [],
  attachmentCategories: [
    { category: 'Facture', total: 3, perBucket: [1, 2] },
    { category: 'Devis', total: 1, perBucket: [0, 1] },
  ],
  topExtractedValues: [
    { field: 'ville', value: 'Lyon', count: 2 },
    { field: 'montant', value: '120', count: 1 },
  ],
};
const panels = dashboardPanels(dashboard, { t: (key) => key, bucketLabel: (start) => start.slice(8) });
const panel = (id: string) => panels.find((p) => p.id === id)!;

describe('dashboard panels', () => {
  it('draw the attachment categories over time, one column per category', () => {
    const trend = panel('attachmentCategoryTrend');
    expect(trend.columns.map((c) => c.label)).toEqual(['Facture', 'Devis']);
    expect(trend.rows).toEqual([
      { label: '10', values: [1, 0] },
      { label: '11', values: [2, 1] },
    ]);
    expect(panel('attachmentCategories').rows).toEqual([
      { label: 'Facture', values: [3, 0.75] },
      { label: 'Devis', values: [1, 0.25] },
    ]);
  });

  it('list the most frequent extracted values with their field', () => {
    expect(panel('topExtractedValues').rows).toEqual([
      { label: 'ville = Lyon', values: [2] },
      { label: 'montant = 120', values: [1] },
    ]);
  });
});
