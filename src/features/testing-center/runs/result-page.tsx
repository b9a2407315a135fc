/**
 * tests/{testId} (spec §2.2): a run's progress, then per classification kind the
 * metrics table, the confusion matrix whose cells open the messages behind them, the messages with
 * expected beside obtained and the rule that fired, the comparison with another run, and the exports.
 * Everything derived (matrix, comparison) is computed once per run and kind in memos; long lists are
 * windowed (messages-list.tsx), the matrix drawn a few rows per task, and the run's arrival rendered as
 * a deferred update, so 1,000 messages and 50 categories stay responsive. Its tags are plain markup
 * (ui/plain-tag.tsx): a Blueprint Tag would force the page's layout inside React's commit.
 */
import { startTransition, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, ButtonGroup, Callout, HTMLSelect } from '@blueprintjs/core';
import { Pending } from '../../../ui/pending';
import { isMissing, MissingItem } from '../../../ui/missing-item';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../storage/preferences';
import { paths } from '../../../app/paths';
import { isLabelKind, type EvaluationKind } from '../../../contract/testing-evaluation';
import type { TestRunSummary } from '../../../contract/testing-runs';
import { confusionMatrix } from '../../../testing-center/confusion';
import { messagesCsv, metricsCsv, resultsJson } from '../../../testing-center/export';
import { CompareView } from './compare-view';
import { ConfusionView } from './confusion-view';
import { MessagesList } from './messages-list';
import { MetricsTable } from './metrics-table';
import { testRunQueries } from './queries';
import { errorMessage } from '../../../api/errors';
import { storedErrorText } from './stored-error';
import { runSubjectText, sameSubject } from '../../../ui/run-subject';
import { saveCsv, saveText } from '../../../ui/save-blob';
import { RunProgress, statusIntent } from './tests-page';
import { Field } from '../../../ui/form';
import { PlainTag } from '../../../ui/plain-tag';
import { EmptyState } from '../../../ui/empty-state';
import { usePageAccess } from '../../../app/page-access';

export function ResultPage() {
  const { t } = useTranslation(['testRuns', 'common']);
  const { language } = usePreferences();
  const params = useParams();
  const projectId = params.projectId ?? '';
  const testId = params.testId ?? '';
  const run = useQuery(testRunQueries.detail(projectId, testId));
  const mayOpen = usePageAccess();
  const navigate = useNavigate();
  const runs = useQuery(testRunQueries.list(projectId));
  const [kindChoice, setKind] = useState<EvaluationKind | null>(null);
  const [cell, setCell] = useState<{ key: string; ids: Set<string> } | null>(null);
  // null: not chosen yet, so the comparison opens on the previous finished run of the same set.
  const [referenceChoice, setReferenceId] = useState<string | null>(null);
  // The run's arrival renders as a deferred (transition) update: React draws the page for 1,000
  // messages in slices of a few milliseconds instead of one long task (bench:testing-center's 50 ms).
  const data = useDeferredValue(run.data);
  const kind = kindChoice ?? data?.kinds[0] ?? 'categories';
  const selectCell = useCallback((key: string, ids: string[]) => startTransition(() => setCell((current) => (current?.key === key ? null : { key, ids: new Set(ids) }))), []);

  const matrix = useMemo(() => {
    if (!data || !isLabelKind(kind)) return null;
    return confusionMatrix(data.messages.map((message) => ({ messageId: message.messageId, rows: message.outcomes[kind] ?? [] })));
  }, [data, kind]);
  const previous = useMemo(() => (data ? previousRun(data, runs.data ?? []) : undefined), [data, runs.data]);
  const referenceId = referenceChoice ?? previous?.id ?? '';
  const shown = useMemo(() => (data ? (cell ? data.messages.filter((message) => cell.ids.has(message.messageId)) : data.messages) : []), [data, cell]);

  if (run.isPending || (run.data && !data)) return <Pending queries={[run]} aria-label={t('result.progress', { done: 0, count: 0 })} />;
  if (isMissing(run.error)) return <MissingItem missing={{ text: t('common:missing.text.testRun'), back: { to: paths.tests(projectId), text: t('common:missing.back.tests') } }} />;
  if (run.error || !data) return <EmptyState icon="error" title={t('result.error')} description={errorMessage(run.error)} action={<Link to={paths.tests(projectId)}>{t('result.back')}</Link>} />;

  const finished = data.status === 'finished';
  const exported = () => ({ id: data.id, metrics: data.metrics, messages: data.messages.map((message) => ({ messageId: message.messageId, name: message.name, status: message.status, outcomes: message.outcomes })) });
  const metrics = data.metrics[kind];

  return (
    <section className="p-page" data-page="test-result" data-status={data.status}>
      <Link to={paths.tests(projectId)}>← {t('result.back')}</Link>
      <div className="p-toolbar">
        <h1>
          {data.environmentName} · {data.versionName ?? t('list.current')} · {runSubjectText(data, t)}
        </h1>
        <PlainTag intent={statusIntent(data.status)} large>
          {t(`status.${data.status}`)}
        </PlainTag>
      </div>
      <RunProgress run={data} />
      <p>{t('result.counts', data.counts)}</p>
      {data.error && <Callout intent="danger">{storedErrorText(data.error)}</Callout>}
      <div className="p-toolbar">
        <Field label={t('result.kind')} labelFor="result-kind" inline>
          <HTMLSelect
            id="result-kind"
            value={kind}
            onChange={(event) => {
              setKind(event.currentTarget.value as EvaluationKind);
              setCell(null);
            }}
            options={data.kinds.map((entry) => ({ value: entry, label: t(`kinds.${entry}`) }))}
          />
        </Field>
        <ButtonGroup>
          <Button icon="download" text={t('result.exportMetrics')} disabled={!finished} onClick={() => saveCsv(metricsCsv(data.metrics, language), `test-${data.id}-metrics.csv`)} />
          <Button icon="download" text={t('result.exportMessages')} onClick={() => saveCsv(messagesCsv(exported().messages, language), `test-${data.id}-messages.csv`)} />
          <Button icon="download" text={t('result.exportJson')} onClick={() => saveText(resultsJson(exported()), `test-${data.id}.json`, 'application/json')} />
        </ButtonGroup>
        {finished && mayOpen('testWhatIf') && <Button icon="predictive-analysis" intent="primary" text={t('whatIf.open')} onClick={() => void navigate(paths.testWhatIf(projectId, testId))} />}
      </div>
      <Callout className="p-section">
        <h2 className="p-card-heading">{t('result.rulesTitle')}</h2>
        {t('result.rulesHelp')}
      </Callout>
      <section className="p-section">
        <h2>{t('result.metrics')}</h2>
        {metrics ? <MetricsTable metrics={metrics} /> : <Callout>{t('result.noMetrics')}</Callout>}
      </section>
      {matrix && matrix.expected.length > 0 && (
        <section className="p-section">
          <h2>{t('result.confusion')}</h2>
          <p>{t('result.confusionHelp')}</p>
          <ConfusionView matrix={matrix} selected={cell?.key ?? null} onSelect={selectCell} />
        </section>
      )}
      <section className="p-section">
        <div className="p-toolbar">
          <h2>
            {t('result.messages')} ({shown.length})
          </h2>
          {cell && <Button icon="cross" text={t('result.showAll')} onClick={() => setCell(null)} />}
        </div>
        <MessagesList projectId={projectId} messages={shown} kind={kind} />
      </section>
      {finished && <CompareView projectId={projectId} run={data} runs={runs.data ?? []} kind={kind} referenceId={referenceId} onReference={setReferenceId} />}
    </section>
  );
}

/** The latest finished run launched before this one on the same set and environment: what a comparison starts from. */
export function previousRun(run: TestRunSummary, runs: readonly TestRunSummary[]): TestRunSummary | undefined {
  return runs
    .filter((other) => other.id !== run.id && other.status === 'finished' && sameSubject(other, run) && other.environmentId === run.environmentId && other.createdAt < run.createdAt)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))[0];
}
