/**
 * tests/{testId}/what-if: try a change on a finished test run's messages before saving it. The run's
 * messages are replayed in a worker on the run's configuration with the shared engines (the server
 * gives the same outcomes); the page proposes changes from the run's errors (dictionary words for a
 * missed category, a rule criterion to loosen) and shows, for each one tried, what it gains and loses
 * against the run. Saving a change goes through the configuration screens' endpoints; a real test
 * run is then one button away.
 */
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Callout } from '@blueprintjs/core';
import { paths } from '../../../app/paths';
import { errorMessage } from '../../../api/errors';
import { request } from '../../../api/request';
import { launchTest } from '../../../contract/testing-runs';
import type { Proposal } from '../../../testing-center/proposals';
import { confirm } from '../../../ui/dialogs/dialog-service';
import { toast } from '../../../ui/toasts/toast-service';
import { EmptyState } from '../../../ui/empty-state';
import { Pending } from '../../../ui/pending';
import { testRunQueries } from '../runs/queries';
import { runSubjectText } from '../../../ui/run-subject';
import { applyChange } from './apply-change';
import { ProposalCard } from './proposal-card';
import { ChangedMessages } from '../../../ui/what-if/comparison-view';
import { LazyDetails } from '../../../ui/lazy-details';
import { changeKey, useWhatIf } from '../../../ui/what-if/use-what-if';
import { LoadProgress } from '../../../ui/what-if/trial-state';

export function WhatIfPage() {
  const { t } = useTranslation(['testRuns', 'common']);
  const params = useParams();
  const projectId = params.projectId ?? '';
  const testId = params.testId ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const runs = useQuery(testRunQueries.list(projectId));
  const run = runs.data?.find((entry) => entry.id === testId);
  const finished = run?.status === 'finished';
  const { load, trials, tryChange, retry } = useWhatIf(projectId, testId, finished ? run.environmentId : null);
  const [applying, setApplying] = useState<string | null>(null);

  // Stable (as tryProposal) so that the memoised cards do not render again for each progress report.
  const apply = useCallback(
    async (proposal: Proposal) => {
      if (run === undefined) return;
      const key = changeKey(proposal.change);
      if (!(await confirm({ title: t('whatIf.applyTitle'), body: t('whatIf.applyConfirm', { environment: run.environmentName }), confirmLabel: t('whatIf.apply') }))) return;
      setApplying(key);
      try {
        const outcome = await applyChange(run.environmentId, proposal.change, queryClient);
        if (outcome !== 'saved') {
          toast.error({ summary: t(`whatIf.applyRefused.${outcome}`) });
          return;
        }
        toast.success({ summary: t('whatIf.applied') });
      } catch (error) {
        toast.error({ summary: t('whatIf.applyFailed'), detail: errorMessage(error) });
        return;
      } finally {
        setApplying(null);
      }
      if (await confirm({ title: t('whatIf.launchTitle'), body: t('whatIf.launchConfirm', { subject: runSubjectText(run, t) }), confirmLabel: t('whatIf.launch'), cancelLabel: t('whatIf.later') })) {
        try {
          const subject = run.messageId !== null ? { messageId: run.messageId } : { setId: run.setId! };
          const launched = await request(launchTest, { params: { projectId }, body: { environmentId: run.environmentId, versionId: null, ...subject } });
          await queryClient.invalidateQueries({ queryKey: testRunQueries.all() });
          void navigate(paths.testResult(projectId, launched.id));
        } catch (error) {
          toast.error({ summary: t('whatIf.launchFailed'), detail: errorMessage(error) });
        }
      }
    },
    [run, projectId, queryClient, navigate, t],
  );
  const applyProposal = useCallback((proposal: Proposal) => void apply(proposal), [apply]);
  const tryProposal = useCallback((proposal: Proposal) => void tryChange(proposal.change), [tryChange]);

  if (runs.isPending) return <Pending queries={[runs]} />;
  if (runs.error || run === undefined) {
    return <EmptyState icon="error" title={t('whatIf.noRun')} description={runs.error ? errorMessage(runs.error) : undefined} action={<Link to={paths.tests(projectId)}>{t('result.back')}</Link>} />;
  }

  return (
    <section className="p-page" data-page="test-what-if" data-phase={finished ? load.phase : 'notFinished'}>
      <Link to={paths.testResult(projectId, testId)}>← {t('whatIf.back')}</Link>
      <div className="p-toolbar">
        <h1>
          {t('whatIf.title')} · {run.environmentName} · {runSubjectText(run, t)}
        </h1>
      </div>
      <p>{t('whatIf.intro')}</p>
      {!finished ? (
        <Callout intent="warning">{t('whatIf.notFinished')}</Callout>
      ) : load.phase === 'loading' ? (
        <LoadProgress load={load} />
      ) : load.phase === 'failed' ? (
        <EmptyState icon="error" title={t('whatIf.loadFailed')} description={load.message} action={<Button icon="refresh" text={t('whatIf.retry')} onClick={retry} />} />
      ) : (
        <>
          <p data-testid="what-if-replayed">{t('whatIf.replayed', { count: load.loaded.baseline.total, replayable: load.loaded.baseline.replayable, seconds: (load.loaded.ms / 1000).toFixed(1) })}</p>
          {load.loaded.baseline.drift.length > 0 && (
            <Callout intent="warning" className="p-section" data-testid="what-if-drift">
              {t('whatIf.drift', { count: load.loaded.baseline.drift.length })}
              <LazyDetails summary={t('whatIf.driftMessages')}>{() => <ChangedMessages changed={load.loaded.baseline.drift} />}</LazyDetails>
            </Callout>
          )}
          {load.loaded.baseline.notReplayed.length > 0 && (
            <Callout className="p-section">{t('whatIf.notReplayed', { modules: load.loaded.baseline.notReplayed.join(', ') })}</Callout>
          )}
          <section className="p-section">
            <h2>{t('whatIf.proposals')}</h2>
            {load.loaded.proposals.length === 0 ? (
              <EmptyState icon="predictive-analysis" title={t('whatIf.noProposal')} description={t('whatIf.noProposalHelp')} />
            ) : (
              load.loaded.proposals.map((proposal) => {
                const key = changeKey(proposal.change);
                return (
                  <ProposalCard
                    key={key}
                    proposal={proposal}
                    names={load.loaded.baseline.names}
                    trial={trials[key]}
                    onTry={tryProposal}
                    onApply={applyProposal}
                    applying={applying === key}
                  />
                );
              })
            )}
          </section>
        </>
      )}
    </section>
  );
}
