/**
 * "Run on the environment" (key R) on the qualification screen: the message is run as a test run of
 * one on the reference environment, and what it obtained replaces the form's values, left for the
 * qualifier to check and accept. The button shows the run going on; a failed run says why.
 */
import { forwardRef, useImperativeHandle } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import type { ObtainedValues } from '../../contract/testing-center';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useRunOfOne } from './run-one';
import { storedErrorText } from './runs/stored-error';

export interface RunHandle {
  run: () => void;
}

export const RunOnEnvironment = forwardRef<RunHandle, { projectId: string; messageId: string; environmentId: string; onObtained: (values: ObtainedValues) => void }>(function RunOnEnvironment(
  { projectId, messageId, environmentId, onObtained },
  ref,
) {
  const { t } = useTranslation('testingCenter');
  const running = useRunOfOne(projectId);
  const run = () => {
    if (running.isPending) return;
    if (environmentId === '') return toast.info({ summary: tr('testingCenter:qualification.noEnvironment') });
    running.mutate(
      { environmentId, messageId },
      {
        onSuccess: (result) => {
          const row = result.messages[0];
          if (result.status !== 'finished' || !row || row.status !== 'success') {
            const error = row?.error ?? result.error;
            toast.error({ summary: tr('testingCenter:qualification.runFailed'), detail: error ? storedErrorText(error) : undefined });
            return;
          }
          onObtained(row.obtained);
          toast.success({ summary: tr('testingCenter:qualification.runDone', { environment: result.environmentName }) });
        },
        onError: (error) => toast.error({ summary: tr('testingCenter:qualification.runFailed'), detail: errorMessage(error) }),
      },
    );
  };
  useImperativeHandle(ref, () => ({ run }));
  return <Button small icon="play" loading={running.isPending} text={t('qualification.run')} title={running.isPending ? t('qualification.running') : undefined} disabled={environmentId === ''} onClick={run} />;
});
