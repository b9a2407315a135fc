/** Compare this run with a reference run: per value deltas for the kind, regressions first, and the messages that changed. */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Callout, HTMLSelect, Tag } from '@blueprintjs/core';
import { Pending } from '../../../ui/pending';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../i18n/dates';
import { usePreferences } from '../../../storage/preferences';
import type { EvaluationKind } from '../../../contract/testing-evaluation';
import type { TestRunDetail, TestRunSummary } from '../../../contract/testing-runs';
import { compareKindMetrics, messageChanges } from '../../../testing-center/compare-runs';
import { testRunQueries } from './queries';
import { ValueLabel } from '../../../ui/special-value';
import { runSubjectText } from '../../../ui/run-subject';
import { errorMessage } from '../../../api/errors';
import { Field } from '../../../ui/form';
import { DataTable } from '../../../ui/data-table';

const signed = (value: number, digits = 0) => (value > 0 ? `+${value.toFixed(digits)}` : value.toFixed(digits));

export function CompareView({ projectId, run, runs, kind, referenceId, onReference }: { projectId: string; run: TestRunDetail; runs: readonly TestRunSummary[]; kind: EvaluationKind; referenceId: string; onReference: (id: string) => void }) {
  const { t } = useTranslation('testRuns');
  const { language } = usePreferences();
  const reference = useQuery({ ...testRunQueries.detail(projectId, referenceId), enabled: referenceId !== '' });
  const others = runs.filter((other) => other.id !== run.id && other.status === 'finished');
  const compared = useMemo(() => {
    if (!reference.data) return null;
    const rowsOf = (detail: TestRunDetail) => new Map(detail.messages.map((message) => [message.messageId, message.outcomes[kind] ?? []]));
    return { deltas: compareKindMetrics(reference.data.metrics[kind], run.metrics[kind]), changes: messageChanges(rowsOf(reference.data), rowsOf(run)) };
  }, [reference.data, run, kind]);
  const names = useMemo(() => new Map(run.messages.map((message) => [message.messageId, message.name])), [run.messages]);

  return (
    <section className="p-section" aria-label={t('result.compare')}>
      <h2>{t('result.compare')}</h2>
      <Field label={t('result.compareWith')} labelFor="compare-reference" inline helperText={t('result.compareHelp')}>
        <HTMLSelect
          id="compare-reference"
          value={referenceId}
          onChange={(event) => onReference(event.currentTarget.value)}
          options={[{ value: '', label: t('result.compareNone') }, ...others.map((other) => ({ value: other.id, label: `${formatDateTime(other.createdAt, language)} · ${other.environmentName} · ${other.versionName ?? t('list.current')} · ${runSubjectText(other, t)}` }))]}
        />
      </Field>
      {referenceId !== '' && reference.isPending && <Pending queries={[reference]} size={24} />}
      {reference.error && <Callout intent="danger">{errorMessage(reference.error)}</Callout>}
      {compared && (
        <>
          <DataTable className="p-table" compact striped aria-label={t('result.compare')}>
            <thead>
              <tr>
                <th>{t('result.value')}</th>
                <th>{t('result.trend')}</th>
                <th>Δ {t('outcomes.TP')}</th>
                <th>Δ {t('outcomes.FP')}</th>
                <th>Δ {t('outcomes.FN')}</th>
                <th>Δ {t('result.precision')}</th>
                <th>Δ {t('result.recall')}</th>
                <th>Δ F1</th>
              </tr>
            </thead>
            <tbody>
              {[...compared.deltas.perValue, compared.deltas.micro, compared.deltas.macro].map((delta) => (
                <tr key={delta.value} data-delta={delta.value} data-trend={delta.trend}>
                  <td>{delta.value === 'micro' ? t('result.micro') : delta.value === 'macro' ? t('result.macro') : <ValueLabel value={delta.value} />}</td>
                  <td>
                    <Tag minimal intent={delta.trend === 'regression' ? 'danger' : delta.trend === 'improvement' ? 'success' : 'none'}>
                      {t(`result.${delta.trend}`)}
                    </Tag>
                  </td>
                  <td>{signed(delta.tp)}</td>
                  <td>{signed(delta.fp)}</td>
                  <td>{signed(delta.fn)}</td>
                  <td>{signed(delta.precision, 3)}</td>
                  <td>{signed(delta.recall, 3)}</td>
                  <td>{signed(delta.f1, 3)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          {compared.changes.length > 0 && (
            <>
              <h3>{t('result.changedMessages')}</h3>
              <DataTable className="p-table" compact>
                <thead>
                  <tr>
                    <th>{t('result.message')}</th>
                    <th>{t('result.errorsBefore')}</th>
                    <th>{t('result.errorsAfter')}</th>
                  </tr>
                </thead>
                <tbody>
                  {compared.changes.slice(0, 200).map((change) => (
                    <tr key={change.messageId} data-changed-message={change.messageId}>
                      <td>{names.get(change.messageId) ?? change.messageId}</td>
                      <td>{change.before}</td>
                      <td>{change.after}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </>
          )}
        </>
      )}
    </section>
  );
}
