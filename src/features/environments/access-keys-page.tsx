/** access-keys: list (name, owner, last use), create (the secret shown once), delete with confirmation. */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, InputGroup, Intent } from '@blueprintjs/core';
import { OneTimeSecretDialog } from '../../ui/dialogs/one-time-secret-dialog';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage } from '../../api/errors';
import { createAccessKey, deleteAccessKey } from '../../contract/access-keys';
import type { EnvironmentListItem } from '../../contract/environments';
import { formatDateTime } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { confirm } from '../../ui/dialogs/dialog-service';
import { ListState } from '../../ui/list-state';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { EnvManagementShell } from './env-management-shell';
import { environmentQueries } from './queries';
import { Form } from '../../ui/form';
import { DataTable } from '../../ui/data-table';

export function AccessKeysPage() {
  return <EnvManagementShell page="access-keys">{(env) => <AccessKeys key={env.id} env={env} />}</EnvManagementShell>;
}

function AccessKeys({ env }: { env: EnvironmentListItem }) {
  const { t } = useTranslation('environments');
  const { language } = usePreferences();
  const queryClient = useQueryClient();
  const keys = useQuery(environmentQueries.accessKeys(env.id));
  const [name, setName] = useState('');
  // The secret lives in this component's state only: never in the query cache, never persisted.
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: environmentQueries.accessKeys(env.id).queryKey });
  // No "save and leave" here: a key created on the way out would never show its secret.
  const guard = useUnsavedChangesGuard({ when: name.trim() !== '' });

  const create = async () => {
    try {
      const created = await request(createAccessKey, { params: { envId: env.id }, body: { name } });
      setSecret(created.secret);
      setName('');
      await refresh();
    } catch (error) {
      toast.error({ summary: tr('errors:generic.create.failure'), detail: errorMessage(error) });
    }
  };
  const remove = async (id: string, keyName: string) => {
    if (!(await confirm({ body: tr('environments:accessKeys.deleteConfirm', { name: keyName }), danger: true }))) return;
    try {
      await request(deleteAccessKey, { params: { envId: env.id, keyId: id } });
      toast.success({ summary: tr('errors:generic.delete.success') });
      await refresh();
    } catch (error) {
      toast.error({ summary: tr('errors:generic.delete.failure'), detail: errorMessage(error) });
    }
  };

  return (
    <>
      <Card className="p-section">
        <Form
          className="p-toolbar"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <InputGroup aria-label={t('accessKeys.name')} placeholder={t('accessKeys.name')} value={name} onValueChange={setName} />
          <Button type="submit" icon="add" intent="primary" text={t('accessKeys.create')} disabled={!name.trim()} />
        </Form>
      </Card>
      <ListState
        query={keys}
        isEmpty={(keys.data ?? []).length === 0}
        emptyText={t('accessKeys.empty')}
        errorText={t('accessKeys.error')}
      >
        <DataTable className="p-table" striped>
          <thead>
            <tr>
              <th>{t('accessKeys.name')}</th>
              <th>{t('accessKeys.owner')}</th>
              <th>{t('accessKeys.lastUse')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(keys.data ?? []).map((key) => (
              <tr key={key.id}>
                <td>
                  {key.name} <code>{key.prefix}…</code>
                </td>
                <td>{key.owner ?? '—'}</td>
                <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt, language) : t('accessKeys.never')}</td>
                <td>
                  <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t('accessKeys.delete')} onClick={() => void remove(key.id, key.name)} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListState>
      <OneTimeSecretDialog secret={secret} title={t('accessKeys.secretTitle')} warning={t('accessKeys.secretWarning')} onClose={() => setSecret(null)} />
      {guard}
    </>
  );
}
