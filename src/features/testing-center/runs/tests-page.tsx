/**
 * tests (spec §2.2 testing-center → messages-bank → tests): the project's test runs with their live
 * progress, and the launch dialog. A qualifier or more may launch (§6, the server decides).
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, ProgressBar, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { mayCall } from '../../../contract/define';
import { launchTest, type TestRunSummary } from '../../../contract/testing-runs';
import { formatDateTime } from '../../../i18n/dates';
import { usePreferences } from '../../../storage/preferences';
import { ListState } from '../../../ui/list-state';
import { LaunchDialog } from './launch-dialog';
import { testRunQueries } from './queries';
import { runSubjectText } from '../../../ui/run-subject';
import { DataTable } from '../../../ui/data-table';

export const statusIntent = (status: string) =>
  status === 'finished' || status === 'success' ? 'success' : status === 'failed' || status === 'error' ? 'danger' : status === 'timeout' ? 'warning' : 'primary';

export function RunProgress({ run }: { run: Pick<TestRunSummary, 'status' | 'done' | 'total'> }) {
  const { t } = useTranslation('testRuns');
  const live = run.status === 'queued' || run.status === 'running';
  return (
    <div className="p-run-progress">
      {/* The progress bar itself carries the name: axe-core asks every progressbar for one. */}
      <ProgressBar
        value={run.total === 0 ? 1 : run.done / run.total}
        animate={live}
        stripes={live}
        intent={statusIntent(run.status)}
        aria-label={t('result.progress', { done: run.done, count: run.total })}
      />
      <small>{t('result.progress', { done: run.done, count: run.total })}</small>
    </div>
  );
}

export function TestsPage() {
  const { t } = useTranslation('testRuns');
  const projectId = useParams().projectId ?? '';
  const navigate = useNavigate();
  const { language } = usePreferences();
  const queryClient = useQueryClient();
  const runs = useQuery(testRunQueries.list(projectId));
  const project = useQuery(testRunQueries.project(projectId));
  const [launching, setLaunching] = useState(false);
  const canLaunch = mayCall(launchTest, project.data);

  return (
    <section className="p-page" data-page="tests">
      <div className="p-toolbar">
        <h1>{t('list.title')}</h1>
        <Button icon="play" intent="primary" text={t('list.launch')} disabled={!canLaunch} onClick={() => setLaunching(true)} />
      </div>
      <Callout className="p-section">{t('list.help')}</Callout>
      <ListState query={runs} isEmpty={(runs.data ?? []).length === 0} emptyText={t('list.empty')} errorText={t('list.error')}>
        <DataTable className="p-table" striped interactive>
          <thead>
            <tr>
              <th>{t('list.date')}</th>
              <th>{t('list.environment')}</th>
              <th>{t('list.version')}</th>
              <th>{t('list.set')}</th>
              <th>{t('list.status')}</th>
              <th>{t('list.progress')}</th>
              <th>{t('list.microF1')}</th>
              <th>{t('list.author')}</th>
            </tr>
          </thead>
          <tbody>
            {(runs.data ?? []).map((run) => (
              <tr key={run.id} data-test-id={run.id}>
                <td>
                  <Link to={paths.testResult(projectId, run.id)}>{formatDateTime(run.createdAt, language)}</Link>
                </td>
                <td>{run.environmentName}</td>
                <td>{run.versionName ?? t('list.current')}</td>
                <td>{runSubjectText(run, t)}</td>
                <td>
                  <Tag intent={statusIntent(run.status)} minimal>
                    {t(`status.${run.status}`)}
                  </Tag>
                </td>
                <td>
                  <RunProgress run={run} />
                </td>
                <td>{run.microF1 === null ? '—' : run.microF1.toFixed(3)}</td>
                <td>{run.author ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListState>
      <LaunchDialog
        projectId={projectId}
        isOpen={launching}
        onClose={() => setLaunching(false)}
        onLaunched={(run) => {
          setLaunching(false);
          void queryClient.invalidateQueries({ queryKey: testRunQueries.all() });
          navigate(paths.testResult(projectId, run.id));
        }}
      />
    </section>
  );
}
