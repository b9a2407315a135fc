/**
 * The live preview of the output payload: pick a processed analysis of the environment
 * (searched by name or metadata), and `output.preview` rebuilds its payload with the options being
 * edited, saved or not, each time they change. The payload is shown as formatted read-only JSON with
 * a copy button, and the fields left empty with their reasons as a translated list. Nothing is stored.
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Callout, H2, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { Spinner } from '../../../ui/spinner';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errors';
import { request } from '../../../api/request';
import { outputOptionsSchema, previewOutput, type OutputOptions } from '../../../contract/output';
import { formatDateTime } from '../../../i18n/dates';
import { usePreferences } from '../../../storage/preferences';
import { tr } from '../../../ui/message';
import { toast } from '../../../ui/toasts/toast-service';
import { outputErrorText, shownPayload, unavailableText } from './messages';
import { useOutputEnv } from './output-frame';
import { payloadText } from './payload-text';
import { outputQueries } from './queries';
import { Field } from '../../../ui/form';
import { EmptyState } from '../../../ui/empty-state';

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

async function copyPayload(payload: unknown): Promise<void> {
  try {
    await navigator.clipboard.writeText(JSON.stringify(payload, null, 2));
    toast.success({ summary: tr('output:preview.copied') });
  } catch (error) {
    toast.error({ summary: tr('output:preview.copyFailed'), detail: errorMessage(error) });
  }
}

export function PreviewPanel({ options }: { options: Record<string, unknown> }) {
  const { t } = useTranslation('output');
  const { language } = usePreferences();
  const { envId } = useOutputEnv();
  const [search, setSearch] = useState('');
  const [analysisId, setAnalysisId] = useState('');
  const analyses = useQuery(outputQueries.analyses(envId, useDebounced(search.trim(), 300)));
  // A mutation, not a query: payloads (attachments in base64) are not kept in the persisted cache.
  // The observer follows the latest call only, so a slow earlier answer never replaces a newer one.
  const preview = useMutation({ mutationFn: (body: { analysisId: string; options: OutputOptions }) => request(previewOutput, { params: { envId }, body }) });
  const parsed = outputOptionsSchema.safeParse(options);
  const wanted = useDebounced(parsed.success && analysisId !== '' ? JSON.stringify({ analysisId, options: parsed.data }) : '', 250);
  const { mutate } = preview;
  useEffect(() => {
    if (wanted !== '') mutate(JSON.parse(wanted) as { analysisId: string; options: OutputOptions });
  }, [wanted, mutate]);

  const items = (analyses.data?.items ?? []).map((analysis) => ({ value: analysis.id, label: `${analysis.name} — ${formatDateTime(analysis.createdAt, language)}` }));
  // The analysis picked stays in the list while another search shows other analyses.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const listed = picked === null || items.some((item) => item.value === picked.value) ? items : [picked, ...items];
  const result = preview.data;
  return (
    <section className="p-output-preview" aria-labelledby="output-preview-title">
      <H2 className="p-card-heading" id="output-preview-title">{t('preview.title')}</H2>
      <p className="bp6-text-muted">{t('preview.intro')}</p>
      <Field label={t('preview.search')} labelFor="output-preview-search">
        <InputGroup id="output-preview-search" type="search" leftIcon="search" placeholder={t('preview.searchPlaceholder')} value={search} onValueChange={setSearch} />
      </Field>
      <Field
        label={t('preview.analysis')}
        labelFor="output-preview-analysis"
        helperText={analyses.isError ? outputErrorText(analyses.error) : !analyses.isPending && items.length === 0 ? t('preview.noAnalyses') : undefined}
        intent={analyses.isError ? Intent.DANGER : Intent.NONE}
      >
        <HTMLSelect
          id="output-preview-analysis"
          value={analysisId}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setAnalysisId(value);
            setPicked(listed.find((item) => item.value === value) ?? null);
          }}
          options={[{ value: '', label: analyses.isPending ? t('preview.loadingAnalyses') : t('preview.pick') }, ...listed]}
        />
      </Field>
      {analysisId === '' ? (
        <EmptyState icon="document-open" description={t('preview.empty')} />
      ) : (
        <>
          <div role="status" aria-live="polite" className="p-toolbar">
            {preview.isPending && (
              <>
                <Spinner size={16} /> {t('preview.loading')}
              </>
            )}
          </div>
          {preview.isError && (
            <Callout intent={Intent.DANGER} compact data-testid="output-preview-error">
              {outputErrorText(preview.error)}
            </Callout>
          )}
          {result && !preview.isError && (
            <div data-testid="output-preview-result">
              {result.unavailable.length > 0 && (
                <Callout compact title={t('preview.unavailableTitle')} data-testid="output-preview-unavailable">
                  <ul>
                    {result.unavailable.map((reason) => {
                      const { field, why } = unavailableText(reason);
                      return (
                        <li key={reason.field}>
                          <strong>{field}</strong> — {why}
                        </li>
                      );
                    })}
                  </ul>
                </Callout>
              )}
              <div className="p-toolbar">
                <Button icon="duplicate" text={t('preview.copy')} onClick={() => void copyPayload(result.payload)} />
                <span className="bp6-text-muted">{t('preview.copyWhole')}</span>
              </div>
              <pre className="p-output-payload" aria-label={t('preview.payload')} tabIndex={0} data-testid="output-preview-payload">
                {payloadText(shownPayload(result), (hidden) => t('preview.shortened', { count: hidden }))}
              </pre>
            </div>
          )}
        </>
      )}
    </section>
  );
}
