/**
 * The charts of the dashboard, drawn with Recharts (React 19, SVG). This module is the only one that
 * imports it and is loaded lazily by panel-figure.tsx, so the login and the other screens do not
 * carry the library. Each chart is hidden from screen readers: its table says the same. Recharts'
 * keyboard layer is off (`accessibilityLayer`): a focusable chart inside `aria-hidden` is an axe-core
 * violation, and the table is what a keyboard user reads.
 */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Language } from '../../storage/preferences';
import { formatValue } from './format';
import type { PanelTable } from './panels';

/** Blueprint's violet, orange, turquoise, cerulean, gold, rose, forest and indigo (level 3). */
const PALETTE = ['#7961DB', '#EC9A3C', '#13C9BA', '#4C90F0', '#F0B726', '#F5498B', '#43BF4D', '#9881F3'];
/** Processed, error, aborted; delivered, failed: the colours of those words elsewhere. */
const STATUS_COLOURS: Record<string, string> = { processed: '#32A467', error: '#E76A6E', aborted: '#8F99A8', delivered: '#32A467', failed: '#E76A6E' };
const colour = (key: string, index: number) => STATUS_COLOURS[key] ?? PALETTE[index % PALETTE.length]!;

export default function PanelChart({ panel, language }: { panel: PanelTable; language: Language }) {
  const drawn = panel.columns.map((column, index) => ({ column, index })).filter(({ column }) => column.drawn);
  const data = panel.rows.map((row) => ({
    label: row.label,
    ...Object.fromEntries(drawn.map(({ column, index }) => [column.key, row.values[index]])),
  }));
  const format = drawn[0]?.column.format ?? 'count';
  const tick = (value: number) => formatValue(value, format, language);
  const tooltip = (value: unknown) => (typeof value === 'number' ? formatValue(value, format, language) : String(value));

  if (panel.kind === 'rowBars') {
    return (
      <ResponsiveContainer width="100%" height={Math.max(120, 36 * data.length + 40)}>
        <BarChart data={data} layout="vertical" margin={{ left: 16, right: 16 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={tick} allowDecimals={false} />
          <YAxis type="category" dataKey="label" width={140} />
          <Tooltip formatter={tooltip} />
          {drawn.map(({ column }, i) => (
            <Bar key={column.key} dataKey={column.key} name={column.label} fill={colour(column.key, i)} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    );
  }
  if (panel.kind === 'lines') {
    return (
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={data} margin={{ left: 8, right: 16 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis tickFormatter={tick} width={72} />
          <Tooltip formatter={tooltip} />
          <Legend />
          {drawn.map(({ column }, i) => (
            // A dot on each point: a value on a single day (or between empty days) has no segment to draw.
            <Line key={column.key} dataKey={column.key} name={column.label} stroke={colour(column.key, i)} connectNulls dot={{ r: 3 }} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    );
  }
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={data} margin={{ left: 8, right: 16 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="label" />
        <YAxis tickFormatter={tick} allowDecimals={false} width={56} />
        <Tooltip formatter={tooltip} />
        <Legend />
        {drawn.map(({ column }, i) => (
          <Bar key={column.key} dataKey={column.key} name={column.label} stackId="stack" fill={colour(column.key, i)} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
