/** The sampling form's text fields turned into the contract's criteria (pure, tested beside). */
import type { AnalysisStatus } from '../../contract/analyses';
import type { SamplingCriteria } from '../../contract/testing-center-bank';

export interface SamplingForm {
  envId: string;
  maxCount: number;
  /** yyyy-mm-dd, local days; empty: no bound. */
  from: string;
  to: string;
  statuses: AnalysisStatus[];
  categories: string[];
  /** `key=value` per line. */
  metadata: string;
  /** Ids separated by spaces, commas or lines; when given, the filters are not used. */
  ids: string;
  stratifyByCategory: boolean;
}

export const EMPTY_SAMPLING: SamplingForm = {
  envId: '',
  maxCount: 50,
  from: '',
  to: '',
  statuses: ['processed'],
  categories: [],
  metadata: '',
  ids: '',
  stratifyByCategory: false,
};

/** A local day's first or last instant as ISO 8601 (the date inputs give local days). */
export function dayEdge(day: string, edge: 'start' | 'end'): string | undefined {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return undefined;
  const bound = edge === 'start' ? new Date(year, month - 1, date, 0, 0, 0, 0) : new Date(year, month - 1, date, 23, 59, 59, 999);
  return bound.toISOString();
}

/** `key=value` lines; a line without `=` is reported by its number (1-based). */
export function parseMetadataLines(text: string): { metadata: Record<string, string>; badLine: number | null } {
  const metadata: Record<string, string> = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    if (line === '') continue;
    const equals = line.indexOf('=');
    if (equals <= 0) return { metadata, badLine: index + 1 };
    metadata[line.slice(0, equals).trim()] = line.slice(equals + 1).trim();
  }
  return { metadata, badLine: null };
}

export function samplingCriteriaOf(form: SamplingForm): { criteria: SamplingCriteria; badMetadataLine: number | null } {
  const { metadata, badLine } = parseMetadataLines(form.metadata);
  const ids = [...new Set(form.ids.split(/[\s,;]+/).filter((id) => id !== ''))];
  const from = dayEdge(form.from, 'start');
  const to = dayEdge(form.to, 'end');
  return {
    criteria: {
      maxCount: form.maxCount,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      statuses: form.statuses,
      categories: form.categories,
      metadata,
      ids,
      stratifyByCategory: form.stratifyByCategory,
    },
    badMetadataLine: badLine,
  };
}
