/**
 * The filters of the SRE analyses screens: organisation, environment (of that organisation when one
 * is picked), status, the module that failed, and creation days. Kept in the URL so a filtered
 * view can be shared and survives a reload.
 */
import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ANALYSIS_STATUSES, type AnalysisStatus } from '../../contract/analyses';
import { MODULE_TYPES, type ModuleType } from '../../contract/environments';
import type { SreAnalysesFilter, SreAnalysisKind, SreScopes } from '../../contract/sre-analyses';
import { DateField } from '../../ui/date-field';
import { Field } from '../../ui/form';

export interface SreFilters {
  organisationId: string;
  environmentId: string;
  statuses: AnalysisStatus[];
  failedModule: ModuleType | '';
  /** Local calendar days, `yyyy-MM-dd`, or ''. */
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readFilters(params: URLSearchParams): SreFilters {
  const statuses = (params.get('status') ?? '').split(',').filter((s): s is AnalysisStatus => (ANALYSIS_STATUSES as readonly string[]).includes(s));
  const module = params.get('module') ?? '';
  const day = (key: string) => (DAY.test(params.get(key) ?? '') ? params.get(key)! : '');
  return {
    organisationId: params.get('orga') ?? '',
    environmentId: params.get('env') ?? '',
    statuses,
    failedModule: (MODULE_TYPES as readonly string[]).includes(module) ? (module as ModuleType) : '',
    from: day('from'),
    to: day('to'),
  };
}

export function writeFilters(filters: SreFilters, page: number): URLSearchParams {
  const out = new URLSearchParams();
  if (filters.organisationId) out.set('orga', filters.organisationId);
  if (filters.environmentId) out.set('env', filters.environmentId);
  if (filters.statuses.length > 0) out.set('status', filters.statuses.join(','));
  if (filters.failedModule) out.set('module', filters.failedModule);
  if (filters.from) out.set('from', filters.from);
  if (filters.to) out.set('to', filters.to);
  if (page > 1) out.set('page', String(page));
  return out;
}

/** The ISO instant a local day starts (from) or ends (to). */
function dayBound(day: string, edge: 'start' | 'end'): string | undefined {
  if (day === '') return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const bound = edge === 'start' ? new Date(year, month - 1, date) : new Date(year, month - 1, date, 23, 59, 59, 999);
  return bound.toISOString();
}

/** The filters as the contract takes them: the list's query and a reprocess by filter read the same. */
export function toContractFilter(kind: SreAnalysisKind, filters: SreFilters): SreAnalysesFilter {
  return {
    kind,
    organisationId: filters.organisationId || undefined,
    environmentId: filters.environmentId || undefined,
    status: filters.statuses.length > 0 ? filters.statuses : undefined,
    failedModule: filters.failedModule || undefined,
    from: dayBound(filters.from, 'start'),
    to: dayBound(filters.to, 'end'),
  };
}

export function SreFiltersBar({ filters, scopes, onChange }: { filters: SreFilters; scopes: SreScopes | undefined; onChange: (next: SreFilters) => void }) {
  const { t } = useTranslation(['sre', 'analyses', 'environments']);
  const set = (patch: Partial<SreFilters>) => onChange({ ...filters, ...patch });
  const organisations = scopes?.organisations ?? [];
  const environments = organisations
    .filter((o) => filters.organisationId === '' || o.id === filters.organisationId)
    .flatMap((o) => o.environments.map((e) => ({ value: e.id, label: filters.organisationId ? `${e.projectName} / ${e.name}` : `${o.name} / ${e.projectName} / ${e.name}` })));
  const filtered = Boolean(filters.organisationId || filters.environmentId || filters.statuses.length || filters.failedModule || filters.from || filters.to);
  return (
    <div role="search">
      <div className="p-toolbar">
        <Field label={t('sre:filters.organisation')} labelFor="sre-organisation" inline>
          <HTMLSelect
            id="sre-organisation"
            value={filters.organisationId}
            onChange={(event) => set({ organisationId: event.currentTarget.value, environmentId: '' })}
            options={[{ value: '', label: t('sre:filters.all') }, ...organisations.map((o) => ({ value: o.id, label: o.name }))]}
          />
        </Field>
        <Field label={t('sre:filters.environment')} labelFor="sre-environment" inline>
          <HTMLSelect
            id="sre-environment"
            value={filters.environmentId}
            onChange={(event) => set({ environmentId: event.currentTarget.value })}
            options={[{ value: '', label: t('sre:filters.all') }, ...environments]}
          />
        </Field>
        <Field label={t('sre:filters.failedModule')} labelFor="sre-failed-module" inline>
          <HTMLSelect
            id="sre-failed-module"
            value={filters.failedModule}
            onChange={(event) => set({ failedModule: event.currentTarget.value as ModuleType | '' })}
            options={[{ value: '', label: t('sre:filters.anyModule') }, ...MODULE_TYPES.map((type) => ({ value: type, label: t(`environments:modules.types.${type}`) }))]}
          />
        </Field>
        <Field label={t('sre:filters.from')} labelFor="sre-from" inline>
          <DateField id="sre-from" value={filters.from} onChange={(from) => set({ from })} />
        </Field>
        <Field label={t('sre:filters.to')} labelFor="sre-to" inline>
          <DateField id="sre-to" value={filters.to} onChange={(to) => set({ to })} />
        </Field>
      </div>
      <div className="p-toolbar">
        <span id="sre-status-label">{t('sre:filters.status')}</span>
        <ButtonGroup role="group" aria-labelledby="sre-status-label">
          {ANALYSIS_STATUSES.map((status) => {
            const on = filters.statuses.includes(status);
            return (
              <Button
                key={status}
                size="small"
                active={on}
                aria-pressed={on}
                text={t(`analyses:status.${status}`)}
                onClick={() => set({ statuses: on ? filters.statuses.filter((s) => s !== status) : [...filters.statuses, status] })}
              />
            );
          })}
        </ButtonGroup>
        {filtered && (
          <Button
            variant="minimal"
            icon="cross"
            text={t('sre:filters.clear')}
            onClick={() => onChange({ organisationId: '', environmentId: '', statuses: [], failedModule: '', from: '', to: '' })}
          />
        )}
      </div>
    </div>
  );
}
