/**
 * Analyses per month, stacked per project, in plain SVG. A charting library (Recharts, Chart.js,
 * ECharts: 50–300 KB) would be heavier than the whole screen for 12 or 13 bars; the numbers are
 * also in the table below the chart, which is what screen readers and keyboards use.
 */
import { Colors } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { OrganisationConsumption } from '../../contract/consumption';
import type { Language } from '../../storage/preferences';
import { formatCount, formatDay, formatMonth } from './format';

const PALETTE = [Colors.VIOLET3, Colors.ORANGE3, Colors.TURQUOISE3, Colors.CERULEAN3, Colors.GOLD3, Colors.ROSE3, Colors.FOREST3, Colors.INDIGO3];
const OTHERS = Colors.GRAY3;

export function projectColour(index: number, projectId: string | null): string {
  return projectId === null ? OTHERS : PALETTE[index % PALETTE.length]!;
}

/** A round axis maximum above `max`: 1, 2 or 5 times a power of ten. */
export function axisMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].map((step) => step * power).find((top) => top >= max) ?? 10 * power);
}

const BAR = 30;
const GAP = 22;
const HEIGHT = 180;
const LEFT = 48;
const TOP = 10;
const BOTTOM = 28;

export function MonthlyChart({ data, language }: { data: OrganisationConsumption; language: Language }) {
  const { t } = useTranslation('consumption');
  const top = axisMax(Math.max(...data.months.map((m) => m.analyses)));
  const width = LEFT + data.months.length * (BAR + GAP) + GAP;
  const y = (value: number) => TOP + HEIGHT - (value / top) * HEIGHT;
  const projectName = (name: string | null) => name ?? t('page.otherProjects');

  return (
    <figure className="p-chart">
      <svg
        viewBox={`0 0 ${width} ${TOP + HEIGHT + BOTTOM}`}
        role="img"
        aria-label={t('page.chartLabel', {
          start: formatDay(data.contractYear.start, language),
          end: formatDay(data.contractYear.end, language),
          total: formatCount(data.quota.used, language),
        })}
      >
        {/* Counts are whole: no half-way line when it would read 2.5 analyses. */}
        {(Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top]).map((tick) => (
          <g key={tick}>
            <line x1={LEFT - 4} x2={width} y1={y(tick)} y2={y(tick)} className="p-chart__grid" />
            <text x={LEFT - 8} y={y(tick) + 4} textAnchor="end" className="p-chart__tick">
              {formatCount(tick, language)}
            </text>
          </g>
        ))}
        {data.months.map((month, index) => {
          const x = LEFT + GAP + index * (BAR + GAP);
          let base = 0;
          return (
            <g key={month.month} data-testid={`bar-${month.month}`}>
              <title>{`${formatMonth(month.month, language)} — ${formatCount(month.analyses, language)}`}</title>
              {data.projects.map((project, p) => {
                const value = project.perMonth[index] ?? 0;
                if (value === 0) return null;
                const rect = (
                  <rect
                    key={project.projectId ?? 'others'}
                    x={x}
                    width={BAR}
                    y={y(base + value)}
                    height={y(base) - y(base + value)}
                    fill={projectColour(p, project.projectId)}
                  >
                    <title>{`${projectName(project.name)}, ${formatMonth(month.month, language)} — ${formatCount(value, language)}`}</title>
                  </rect>
                );
                base += value;
                return rect;
              })}
              <text x={x + BAR / 2} y={TOP + HEIGHT + 18} textAnchor="middle" className="p-chart__tick">
                {formatMonth(month.month, language)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="p-chart__legend">
          {data.projects.map((project, p) => (
            <li key={project.projectId ?? 'others'}>
              <span className="p-chart__swatch" style={{ background: projectColour(p, project.projectId) }} aria-hidden />
              {projectName(project.name)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
