/**
 * The analyses list's filters, sort and page as the URL holds them (so back, reload and a shared link
 * keep them), and as the list endpoint's query.
 */
import { ANALYSIS_STATUSES, type AnalysisStatus } from '../../contract/analyses';
import { dayBound } from './date-filter';
import type { ListQuery } from './queries';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** The filters as the URL holds them. */
export interface Filters {
  search: string;
  inMetadata: boolean;
  from: string;
  to: string;
  statuses: AnalysisStatus[];
  category: string;
  sort: NonNullable<ListQuery['sort']>;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export function readFilters(search: URLSearchParams): Filters {
  const size = Number(search.get('size'));
  const sort = search.get('sort');
  return {
    search: search.get('q') ?? '',
    inMetadata: search.get('meta') === '1',
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
    category: search.get('category') ?? '',
    statuses: (search.get('status') ?? '').split(',').filter((s): s is AnalysisStatus => (ANALYSIS_STATUSES as readonly string[]).includes(s)),
    sort: sort === 'name' || sort === 'status' ? sort : 'createdAt',
    order: search.get('order') === 'asc' ? 'asc' : 'desc',
    page: Math.max(1, Math.floor(Number(search.get('page'))) || 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
  };
}

export function writeFilters(filters: Filters): URLSearchParams {
  const out = new URLSearchParams();
  if (filters.search) out.set('q', filters.search);
  if (filters.inMetadata) out.set('meta', '1');
  if (filters.from) out.set('from', filters.from);
  if (filters.to) out.set('to', filters.to);
  if (filters.statuses.length > 0) out.set('status', filters.statuses.join(','));
  if (filters.category) out.set('category', filters.category);
  if (filters.sort !== 'createdAt') out.set('sort', filters.sort);
  if (filters.order !== 'desc') out.set('order', filters.order);
  if (filters.page > 1) out.set('page', String(filters.page));
  if (filters.pageSize !== 25) out.set('size', String(filters.pageSize));
  return out;
}

export function toQuery(filters: Filters): ListQuery {
  const from = dayBound(filters.from, 'start');
  const to = dayBound(filters.to, 'end');
  return {
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    inMetadata: filters.inMetadata,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(filters.statuses.length > 0 ? { status: filters.statuses } : {}),
    ...(filters.category.trim() ? { category: filters.category.trim() } : {}),
    sort: filters.sort,
    order: filters.order,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}
