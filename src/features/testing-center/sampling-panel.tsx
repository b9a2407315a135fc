/**
 * Sampling production analyses into the bank (§9): an environment of the project, a maximum count, a
 * date range, filters on status, obtained category and metadata, or a list of ids; optionally
 * stratified by category. The preview count follows the form (debounced); "Add" copies the sample.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Checkbox, HTMLSelect, Switch, TextArea } from '@blueprintjs/core';
import { TagInput } from '../../ui/tag-input';
import { NumericInput } from '../../ui/numeric-input';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { ANALYSIS_STATUSES } from '../../contract/analyses';
import { SAMPLING_LIMITS } from '../../contract/testing-center';
import { previewSampling, runSampling, samplingCriteriaSchema } from '../../contract/testing-center-bank';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { errorMessage } from '../../api/errors';
import { bankQueries } from './queries';
import { EMPTY_SAMPLING, samplingCriteriaOf, type SamplingForm } from './sampling-criteria';
import { useDebounced } from './use-debounced';
import { DateField } from '../../ui/date-field';
import { Field } from '../../ui/form';

export function SamplingPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation('testingCenter');
  const queryClient = useQueryClient();
  const environments = useQuery(bankQueries.environments(projectId));
  const [form, setForm] = useState<SamplingForm>(EMPTY_SAMPLING);
  const [tags, setTags] = useState<string[]>(['sampling']);
  const [running, setRunning] = useState(false);
  const envId = form.envId || environments.data?.[0]?.id || '';
  const { criteria, badMetadataLine } = samplingCriteriaOf(form);
  const checked = samplingCriteriaSchema.safeParse(criteria);
  const wanted = useDebounced(checked.success && envId !== '' && badMetadataLine === null ? JSON.stringify({ envId, criteria: checked.data }) : '', 400);
  const preview = useQuery({
    queryKey: [...bankQueries.all(projectId), 'samplingPreview', wanted] as const,
    queryFn: ({ signal }) => {
      const { envId: env, criteria: body } = JSON.parse(wanted) as { envId: string; criteria: NonNullable<typeof checked.data> };
      return request(previewSampling, { params: { envId: env }, body, signal });
    },
    enabled: wanted !== '',
  });
  const set = (change: Partial<SamplingForm>) => setForm((current) => ({ ...current, ...change }));

  const run = async () => {
    if (!checked.success) return;
    setRunning(true);
    try {
      const result = await request(runSampling, { params: { envId }, body: { ...checked.data, tags } });
      toast.success({ summary: tr('testingCenter:sampling.added', { count: result.added }) });
      await queryClient.invalidateQueries({ queryKey: bankQueries.all(projectId) });
    } catch (error) {
      toast.error({ summary: tr('errors:generic.import.failure'), detail: errorMessage(error) });
    } finally {
      setRunning(false);
    }
  };

  return (
    <section aria-labelledby="sampling-title" data-testid="sampling" style={{ marginTop: '2rem' }}>
      <h2 className="p-card-heading" id="sampling-title">{t('sampling.title')}</h2>
      <p className="bp6-text-muted">{t('sampling.help')}</p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem' }}>
        <Field label={t('sampling.environment')} labelFor="sampling-env">
          <HTMLSelect id="sampling-env" value={envId} onChange={(e) => set({ envId: e.currentTarget.value })} options={(environments.data ?? []).map((env) => ({ value: env.id, label: env.name }))} />
        </Field>
        <Field label={t('sampling.maxCount')} labelFor="sampling-max">
          <NumericInput id="sampling-max" min={1} max={SAMPLING_LIMITS.maxCount} value={form.maxCount} onValueChange={(value) => set({ maxCount: Number.isFinite(value) ? value : 1 })} />
        </Field>
        <Field label={t('sampling.from')} labelFor="sampling-from">
          <DateField id="sampling-from" value={form.from} onChange={(from) => set({ from })} />
        </Field>
        <Field label={t('sampling.to')} labelFor="sampling-to">
          <DateField id="sampling-to" value={form.to} onChange={(to) => set({ to })} />
        </Field>
      </div>
      <Field label={t('sampling.statuses')}>
        <div role="group" aria-label={t('sampling.statuses')}>
          {ANALYSIS_STATUSES.map((status) => (
            <Checkbox
              key={status}
              inline
              label={t(`sampling.status.${status}`)}
              checked={form.statuses.includes(status)}
              onChange={(e) => set({ statuses: e.currentTarget.checked ? [...form.statuses, status] : form.statuses.filter((item) => item !== status) })}
            />
          ))}
        </div>
      </Field>
      <Field label={t('sampling.categories')} labelFor="sampling-categories" helperText={t('sampling.categoriesHelp')}>
        <TagInput inputProps={{ id: 'sampling-categories' }} values={form.categories} addOnBlur separator={/[,\n]/} onChange={(values) => set({ categories: values.map(String).filter((value) => value.trim() !== '') })} />
      </Field>
      <Field label={t('sampling.metadata')} labelFor="sampling-metadata" helperText={badMetadataLine === null ? t('sampling.metadataHelp') : t('sampling.metadataBadLine', { line: badMetadataLine })} intent={badMetadataLine === null ? 'none' : 'danger'}>
        <TextArea id="sampling-metadata" fill rows={2} value={form.metadata} onChange={(e) => set({ metadata: e.currentTarget.value })} />
      </Field>
      <Field label={t('sampling.ids')} labelFor="sampling-ids" helperText={t('sampling.idsHelp')}>
        <TextArea id="sampling-ids" fill rows={2} value={form.ids} onChange={(e) => set({ ids: e.currentTarget.value })} />
      </Field>
      <Switch label={t('sampling.stratify')} checked={form.stratifyByCategory} onChange={(e) => set({ stratifyByCategory: e.currentTarget.checked })} />
      <Field label={t('sampling.tags')} labelFor="sampling-tags">
        <TagInput inputProps={{ id: 'sampling-tags' }} values={tags} addOnBlur separator={/[,\n]/} onChange={(values) => setTags(values.map(String).filter((value) => value.trim() !== ''))} />
      </Field>
      {!checked.success && <Callout intent="warning" compact>{t('sampling.invalid')}</Callout>}
      <div aria-live="polite" data-testid="sampling-preview" style={{ margin: '0.5rem 0' }}>
        {preview.isFetching && t('sampling.counting')}
        {preview.error && <Callout intent="danger" compact>{errorMessage(preview.error)}</Callout>}
        {preview.data && !preview.isFetching && (
          <>
            {t('sampling.preview', preview.data)}
            {preview.data.perCategory.length > 0 && form.stratifyByCategory && (
              <ul>
                {preview.data.perCategory.map((row) => (
                  <li key={row.category ?? ''}>{t('sampling.perCategory', { category: row.category ?? t('sampling.noCategory'), count: row.count })}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <Button intent="primary" icon="add" text={t('sampling.run')} loading={running} disabled={!checked.success || !preview.data || preview.data.selected === 0 || running} onClick={() => void run()} />
    </section>
  );
}
