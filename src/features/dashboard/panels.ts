/**
 * The dashboard's panels as tables: each chart, its accessible table and its CSV are drawn from the
 * same columns and rows, so what a screen reader reads and what is downloaded are what is drawn.
 */
import type { CategoryShare, DashboardPoint, EnvironmentDashboard } from '../../contract/dashboard';

/** How a panel is drawn: bars stacked per bucket, lines per bucket, or one horizontal bar per row. */
export type PanelKind = 'stackedBars' | 'lines' | 'rowBars';
export type ValueFormat = 'count' | 'ms' | 'percent';

export interface PanelColumn {
  key: string;
  label: string;
  format: ValueFormat;
  /** Drawn in the chart; a column only in the table (a share beside its count) is not. */
  drawn: boolean;
}

export interface PanelTable {
  id: string;
  kind: PanelKind;
  title: string;
  /** Header of the first column (the bucket or the row name). */
  rowHeader: string;
  columns: PanelColumn[];
  rows: { label: string; values: (number | null)[] }[];
}

export interface PanelTexts {
  /** Translated text of a key of the dashboard namespace. */
  t: (key: string) => string;
  /** A bucket start as the user's language writes it. */
  bucketLabel: (start: string) => string;
}

const col = (key: string, label: string, format: ValueFormat = 'count', drawn = true): PanelColumn => ({ key, label, format, drawn });

function timeTable(
  d: EnvironmentDashboard,
  texts: PanelTexts,
  id: string,
  kind: PanelKind,
  columns: PanelColumn[],
  values: (p: DashboardPoint) => (number | null)[],
): PanelTable {
  return {
    id,
    kind,
    title: texts.t(`panels.${id}`),
    rowHeader: texts.t('columns.period'),
    columns,
    rows: d.points.map((p) => ({ label: texts.bucketLabel(p.start), values: values(p) })),
  };
}

function shareTable(id: string, shares: CategoryShare[], texts: PanelTexts): PanelTable {
  const total = shares.reduce((sum, s) => sum + s.total, 0);
  return {
    id,
    kind: 'rowBars',
    title: texts.t(`panels.${id}`),
    rowHeader: texts.t('columns.category'),
    columns: [col('total', texts.t('columns.count')), col('share', texts.t('columns.share'), 'percent', false)],
    rows: shares.map((s) => ({ label: s.category, values: [s.total, total === 0 ? null : s.total / total] })),
  };
}

/** The 8 most frequent categories' counts per bucket (the others would make the bars unreadable). */
function trendTable(id: string, d: EnvironmentDashboard, shares: CategoryShare[], texts: PanelTexts): PanelTable {
  const trend = shares.slice(0, 8);
  return timeTable(
    d,
    texts,
    id,
    'stackedBars',
    trend.map((c, i) => col(`c${i}`, c.category)),
    (p) => {
      const index = d.points.indexOf(p);
      return trend.map((c) => c.perBucket[index] ?? 0);
    },
  );
}

export function dashboardPanels(d: EnvironmentDashboard, texts: PanelTexts): PanelTable[] {
  const { t } = texts;
  const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  return [
    timeTable(
      d,
      texts,
      'volume',
      'stackedBars',
      [col('processed', t('columns.processed')), col('error', t('columns.error')), col('aborted', t('columns.aborted')), col('received', t('columns.received'), 'count', false)],
      (p) => [p.processed, p.error, p.aborted, p.received],
    ),
    timeTable(
      d,
      texts,
      'duration',
      'lines',
      [col('p50', 'p50', 'ms'), col('p95', 'p95', 'ms'), col('p99', 'p99', 'ms')],
      (p) => [p.duration.p50, p.duration.p95, p.duration.p99],
    ),
    timeTable(d, texts, 'errorRate', 'lines', [col('errorRate', t('columns.errorRate'), 'percent')], (p) => [p.errorRate]),
    {
      id: 'moduleErrors',
      kind: 'rowBars',
      title: t('panels.moduleErrors'),
      rowHeader: t('columns.module'),
      columns: [col('errors', t('columns.errors'))],
      rows: d.moduleErrors.map((m) => ({ label: m.module, values: [m.errors] })),
    },
    shareTable('categories', d.categories, texts),
    trendTable('categoryTrend', d, d.categories, texts),
    shareTable('attachmentCategories', d.attachmentCategories, texts),
    trendTable('attachmentCategoryTrend', d, d.attachmentCategories, texts),
    {
      id: 'topExtractedValues',
      kind: 'rowBars',
      title: t('panels.topExtractedValues'),
      rowHeader: t('columns.extractedValue'),
      columns: [col('count', t('columns.count'))],
      rows: d.topExtractedValues.map((v) => ({ label: `${v.field} = ${v.value}`, values: [v.count] })),
    },
    timeTable(
      d,
      texts,
      'webhooks',
      'stackedBars',
      [col('delivered', t('columns.delivered')), col('failed', t('columns.failed')), col('successRate', t('columns.successRate'), 'percent', false)],
      (p) => [p.webhooksDelivered, p.webhooksFailed, ratio(p.webhooksDelivered, p.webhooksDelivered + p.webhooksFailed)],
    ),
  ];
}

/** Whether a panel has anything to draw (an empty one shows its empty state instead). */
export const panelIsEmpty = (panel: PanelTable) => panel.columns.length === 0 || panel.rows.every((r) => r.values.every((v) => v === null || v === 0));
