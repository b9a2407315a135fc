/**
 * versions (spec §2.2 project layout, behind the projectVersions flag): an environment's versions
 * (name, date, author); create one (a snapshot of the configuration), compare two (or one with the
 * configuration as it is now) setting by setting, restore one, delete one, each change confirmed.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ButtonGroup, Callout, Card, HTMLSelect, InputGroup, Intent, Tooltip } from '@blueprintjs/core';
import { Pending } from '../../ui/pending';
import { useTranslation } from 'react-i18next';
import { FlagOffPage } from '../../ui/flag-off-page';
import { request } from '../../api/request';
import { errorMessage, serverCode } from '../../api/errors';
import { mayCall } from '../../contract/define';
import type { EnvironmentListItem } from '../../contract/environments';
import { createVersion, CURRENT_CONFIGURATION, deleteVersion, restoreVersion, type EnvironmentVersion } from '../../contract/versions';
import { formatDateTime } from '../../i18n/dates';
import { useFlag } from '../../storage/feature-flags';
import { usePreferences } from '../../storage/preferences';
import { confirm } from '../../ui/dialogs/dialog-service';
import { ListState } from '../../ui/list-state';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { EnvManagementShell } from './env-management-shell';
import { environmentQueries } from './queries';
import { SettingsChangesTable } from '../../ui/settings-changes-table';
import { Field, Form } from '../../ui/form';
import { DataTable } from '../../ui/data-table';

/** A version that no longer passes today's configuration rules is named as such, in the user's language. */
const outdatedOr = (error: unknown) => (serverCode(error) === 'versionOutdated' ? tr('environments:versions.outdated') : errorMessage(error));

export function VersionsPage() {
  const { t } = useTranslation(['environments', 'routes']);
  const enabled = useFlag('projectVersions');
  if (!enabled) {
return <FlagOffPage icon="git-branch" title={t('routes:versions')} description={t('versions.flagOff')} />;
  }
  return <EnvManagementShell page="versions">{(env, projectId) => <Versions key={env.id} env={env} projectId={projectId} />}</EnvManagementShell>;
}

function Versions({ env, projectId }: { env: EnvironmentListItem; projectId: string }) {
  const { t } = useTranslation(['environments', 'common']);
  const { language } = usePreferences();
  const queryClient = useQueryClient();
  const project = useQuery(environmentQueries.project(projectId));
  const versions = useQuery(environmentQueries.versions(env.id));
  const canEdit = mayCall(createVersion, project.data);
  const canRestore = mayCall(restoreVersion, project.data);
  // Provider SRE snapshots and restores versions but deletes none.
  const canDelete = mayCall(deleteVersion, project.data);
  const [name, setName] = useState('');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string>(CURRENT_CONFIGURATION);
  // Until the user picks, compare the newest version with the configuration now.
  const compareFrom = from ?? versions.data?.[0]?.id ?? null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: environmentQueries.versions(env.id).queryKey });

  const create = async (): Promise<boolean> => {
    try {
      const created = await request(createVersion, { params: { envId: env.id }, body: { name } });
      toast.success({ summary: tr('errors:generic.create.success'), detail: created.name });
      setName('');
      await refresh();
      return true;
    } catch (error) {
      const taken = serverCode(error) === 'versionNameTaken';
      toast.error({ summary: tr('errors:generic.create.failure'), detail: taken ? tr('environments:versions.nameTaken', { name: name.trim() }) : errorMessage(error) });
      return false;
    }
  };
  const guard = useUnsavedChangesGuard({ when: canEdit && name.trim() !== '', onSave: create });

  const restore = async (version: EnvironmentVersion) => {
    if (!(await confirm({ body: tr('environments:versions.restoreConfirm', { name: version.name, env: env.name }), confirmLabel: tr('environments:versions.restore'), danger: true }))) return;
    try {
      const restored = await request(restoreVersion, { params: { envId: env.id, versionId: version.id } });
      queryClient.setQueryData(environmentQueries.settings(env.id).queryKey, restored);
      toast.success({ summary: tr('environments:versions.restored', { name: version.name }) });
      await queryClient.invalidateQueries({ queryKey: environmentQueries.all() });
    } catch (error) {
      toast.error({ summary: tr('errors:messages.environmentEdition'), detail: outdatedOr(error) });
    }
  };
  const remove = async (version: EnvironmentVersion) => {
    if (!(await confirm({ body: tr('environments:versions.deleteConfirm', { name: version.name }), danger: true }))) return;
    try {
      await request(deleteVersion, { params: { envId: env.id, versionId: version.id } });
      toast.success({ summary: tr('errors:generic.delete.success') });
      if (from === version.id) setFrom(null);
      if (to === version.id) setTo(CURRENT_CONFIGURATION);
      await refresh();
    } catch (error) {
      toast.error({ summary: tr('errors:generic.delete.failure'), detail: errorMessage(error) });
    }
  };

  const restricted = (element: React.ReactElement, allowed = canEdit) =>
    allowed ? element : <Tooltip content={t('settings.readOnly')}>{element}</Tooltip>;
  const sides = [
    { value: CURRENT_CONFIGURATION, label: t('versions.current') },
    ...(versions.data ?? []).map((v) => ({ value: v.id, label: `${v.name} (${formatDateTime(v.createdAt, language)})` })),
  ];

  return (
    <>
      <Card className="p-section">
        <h2>{t('versions.create')}</h2>
        <p>{t('versions.createHelp')}</p>
        <Form
          className="p-toolbar"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <InputGroup id="version-name" aria-label={t('versions.name')} placeholder={t('versions.name')} value={name} onValueChange={setName} disabled={!canEdit} maxLength={100} />
          {restricted(<Button type="submit" icon="add" intent="primary" text={t('versions.create')} disabled={!canEdit || !name.trim()} />)}
        </Form>
      </Card>
      <ListState
        query={versions}
        isEmpty={(versions.data ?? []).length === 0}
        emptyText={t('versions.empty')}
        errorText={t('versions.error')}
      >
        <DataTable className="p-table" striped>
          <thead>
            <tr>
              <th>{t('versions.name')}</th>
              <th>{t('versions.date')}</th>
              <th>{t('versions.author')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(versions.data ?? []).map((version) => (
              <tr key={version.id} data-version-name={version.name}>
                <td>{version.name}</td>
                <td>{formatDateTime(version.createdAt, language)}</td>
                <td>{version.author ?? '—'}</td>
                <td>
                  <ButtonGroup variant="minimal">
                    <Button
                      text={t('versions.compareWithCurrent')}
                      onClick={() => {
                        setFrom(version.id);
                        setTo(CURRENT_CONFIGURATION);
                      }}
                    />
                    {restricted(<Button icon="history" text={t('versions.restore')} disabled={!canRestore} onClick={() => void restore(version)} />, canRestore)}
                    {restricted(<Button icon="trash" intent={Intent.DANGER} aria-label={t('versions.delete')} disabled={!canDelete} onClick={() => void remove(version)} />, canDelete)}
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
        <Card className="p-section">
          <h2>{t('versions.compare')}</h2>
          <div className="p-toolbar">
            <Field label={t('versions.from')} labelFor="compare-from" inline>
              <HTMLSelect id="compare-from" value={compareFrom ?? undefined} onChange={(e) => setFrom(e.currentTarget.value)} options={sides} />
            </Field>
            <Field label={t('versions.to')} labelFor="compare-to" inline>
              <HTMLSelect id="compare-to" value={to} onChange={(e) => setTo(e.currentTarget.value)} options={sides} />
            </Field>
          </div>
          {compareFrom !== null && <Comparison envId={env.id} from={compareFrom} to={to} />}
        </Card>
      </ListState>
      {guard}
    </>
  );
}

function Comparison({ envId, from, to }: { envId: string; from: string; to: string }) {
  const { t } = useTranslation('environments');
  const result = useQuery({ ...environmentQueries.compare(envId, from, to), enabled: from !== to });
  if (from === to) return <Callout>{t('versions.sameSide')}</Callout>;
  if (result.isPending) return <Pending queries={[result]} size={24} />;
  if (result.error) {
    return <Callout intent={Intent.DANGER}>{serverCode(result.error) === 'versionOutdated' ? t('versions.outdated') : errorMessage(result.error)}</Callout>;
  }
  if (result.data.changes.length === 0) return <Callout intent={Intent.SUCCESS}>{t('versions.noDifference')}</Callout>;
  return <SettingsChangesTable changes={result.data.changes} />;
}
