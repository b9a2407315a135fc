/** The launch dialog of the tests list: environment, set and version (current configuration by default). */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, DialogBody, DialogFooter, HTMLSelect } from '@blueprintjs/core';
import { Dialog } from '../../../ui/dialog';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { launchTest, type TestRunSummary } from '../../../contract/testing-runs';
import { toast } from '../../../ui/toasts/toast-service';
import { testRunQueries } from './queries';
import { errorMessage } from '../../../api/errors';
import { Field, Form } from '../../../ui/form';

const CURRENT = '';

export function LaunchDialog({ projectId, isOpen, onClose, onLaunched }: { projectId: string; isOpen: boolean; onClose: () => void; onLaunched: (run: TestRunSummary) => void }) {
  const { t } = useTranslation('testRuns');
  const environments = useQuery({ ...testRunQueries.environments(projectId), enabled: isOpen });
  const sets = useQuery({ ...testRunQueries.sets(projectId), enabled: isOpen });
  const [envChoice, setEnvChoice] = useState<string | null>(null);
  const [setChoice, setSetChoice] = useState<string | null>(null);
  const [version, setVersion] = useState(CURRENT);
  const [busy, setBusy] = useState(false);
  const envId = envChoice ?? environments.data?.[0]?.id ?? '';
  const setId = setChoice ?? sets.data?.[0]?.id ?? '';
  const versions = useQuery({ ...testRunQueries.versions(envId), enabled: isOpen && envId !== '' });

  const submit = async () => {
    setBusy(true);
    try {
      const run = await request(launchTest, { params: { projectId }, body: { environmentId: envId, setId, versionId: version === CURRENT ? null : version } });
      toast.success({ summary: t('launch.launched') });
      onLaunched(run);
    } catch (error) {
      toast.error({ summary: t('launch.failed'), detail: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('launch.title')}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogBody>
          <Field label={t('launch.environment')} labelFor="launch-environment">
            <HTMLSelect
              id="launch-environment"
              fill
              value={envId}
              onChange={(event) => {
                setEnvChoice(event.currentTarget.value);
                setVersion(CURRENT);
              }}
              options={(environments.data ?? []).map((env) => ({ value: env.id, label: env.name }))}
            />
          </Field>
          <Field label={t('launch.set')} labelFor="launch-set" helperText={sets.data?.length === 0 ? t('launch.noSet') : undefined}>
            <HTMLSelect
              id="launch-set"
              fill
              value={setId}
              onChange={(event) => setSetChoice(event.currentTarget.value)}
              options={(sets.data ?? []).map((set) => ({ value: set.id, label: `${set.name} (${t('launch.messages', { count: set.messageCount })})` }))}
            />
          </Field>
          <Field label={t('launch.version')} labelFor="launch-version">
            <HTMLSelect
              id="launch-version"
              fill
              value={version}
              onChange={(event) => setVersion(event.currentTarget.value)}
              options={[{ value: CURRENT, label: t('list.current') }, ...(versions.data ?? []).map((entry) => ({ value: entry.id, label: entry.name }))]}
            />
          </Field>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('launch.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" icon="play" text={t('launch.submit')} loading={busy} disabled={envId === '' || setId === ''} />
            </>
          }
        />
      </Form>
    </Dialog>
  );
}
