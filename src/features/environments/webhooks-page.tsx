/**
 * webhooks: list (url, type, format, active), create and edit (optional authorization header, whose
 * value is never shown again), activate, deactivate, delete with confirmation, and a test delivery
 * that shows the HTTP status or the error (§8).
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ButtonGroup, Callout, DialogBody, DialogFooter, HTMLSelect, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { Dialog } from '../../ui/dialog';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage } from '../../api/errors';
import { createWebhook, deleteWebhook, testWebhook, updateWebhook, WEBHOOK_FORMATS, WEBHOOK_TYPES, type Webhook } from '../../contract/access-keys';
import type { EnvironmentListItem } from '../../contract/environments';
import { confirm } from '../../ui/dialogs/dialog-service';
import { ListState } from '../../ui/list-state';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { EnvManagementShell } from './env-management-shell';
import { environmentQueries } from './queries';
import { testDeliveryText, webhookSaveErrorText } from './webhook-messages';
import { Field, Form } from '../../ui/form';
import { DataTable } from '../../ui/data-table';

export function WebhooksPage() {
  return <EnvManagementShell page="webhooks">{(env) => <Webhooks key={env.id} env={env} />}</EnvManagementShell>;
}

interface Draft {
  id?: string;
  url: string;
  type: Webhook['type'];
  format: Webhook['format'];
  active: boolean;
  authHeaderName: string;
  /** Empty on edit means "keep the stored value". */
  authHeaderValue: string;
  hint: string | null;
}

const EMPTY: Draft = { url: '', type: 'analysis', format: 'json', active: true, authHeaderName: '', authHeaderValue: '', hint: null };

/** The list and its dialog for one environment (exported for its test). */
export function Webhooks({ env }: { env: EnvironmentListItem }) {
  const { t } = useTranslation('environments');
  const queryClient = useQueryClient();
  const hooks = useQuery(environmentQueries.webhooks(env.id));
  const [draft, setDraft] = useState<Draft | null>(null);
  // What the dialog opened with, to tell whether closing it loses anything.
  const [initial, setInitial] = useState<Draft | null>(null);
  const edit = (opened: Draft | null) => {
    setDraft(opened);
    setInitial(opened);
  };
  const [results, setResults] = useState<Record<string, { ok: boolean; text: string }>>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: environmentQueries.webhooks(env.id).queryKey });
  const params = (id: string) => ({ envId: env.id, webhookId: id });

  const save = async (): Promise<boolean> => {
    if (!draft) return false;
    const header = draft.authHeaderName.trim() || null;
    try {
      if (draft.id) {
        await request(updateWebhook, {
          params: params(draft.id),
          body: {
            url: draft.url,
            type: draft.type,
            format: draft.format,
            active: draft.active,
            authHeaderName: header,
            ...(draft.authHeaderValue ? { authHeaderValue: draft.authHeaderValue } : {}),
          },
        });
      } else {
        await request(createWebhook, {
          params: { envId: env.id },
          body: { url: draft.url, type: draft.type, format: draft.format, active: draft.active, authHeaderName: header, authHeaderValue: draft.authHeaderValue || null },
        });
      }
      toast.success({ summary: tr(draft.id ? 'errors:generic.save.success' : 'errors:generic.create.success') });
      edit(null);
      await refresh();
      return true;
    } catch (error) {
      toast.error({ summary: tr(draft.id ? 'errors:generic.save.failure' : 'errors:generic.create.failure'), detail: webhookSaveErrorText(t, error) });
      return false;
    }
  };
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(initial);
  // Navigating away or closing the dialog with unsaved changes asks first.
  const unsaved = useUnsavedChanges({ when: dirty, onSave: save });
  const close = () => unsaved.requestLeave(() => edit(null));
  const setActive = async (hook: Webhook, active: boolean) => {
    try {
      await request(updateWebhook, { params: params(hook.id), body: { active } });
      toast.success({ summary: tr('errors:generic.update.success') });
      await refresh();
    } catch (error) {
      toast.error({ summary: tr('errors:generic.update.failure'), detail: webhookSaveErrorText(t, error) });
    }
  };
  const remove = async (hook: Webhook) => {
    if (!(await confirm({ body: tr('environments:webhooks.deleteConfirm', { url: hook.url }), danger: true }))) return;
    try {
      await request(deleteWebhook, { params: params(hook.id) });
      toast.success({ summary: tr('errors:generic.delete.success') });
      await refresh();
    } catch (error) {
      toast.error({ summary: tr('errors:generic.delete.failure'), detail: errorMessage(error) });
    }
  };
  const test = async (hook: Webhook) => {
    try {
      const result = await request(testWebhook, { params: params(hook.id) });
      setResults((r) => ({
        ...r,
        [hook.id]: { ok: result.delivered, text: testDeliveryText(t, result) },
      }));
    } catch (error) {
      setResults((r) => ({ ...r, [hook.id]: { ok: false, text: errorMessage(error) } }));
    }
  };

  return (
    <>
      <div className="p-toolbar">
        <Button icon="add" intent="primary" text={t('webhooks.add')} onClick={() => edit(EMPTY)} />
      </div>
      <ListState
        query={hooks}
        isEmpty={(hooks.data ?? []).length === 0}
        emptyText={t('webhooks.empty')}
        errorText={t('webhooks.error')}
      >
        <DataTable className="p-table" striped>
          <thead>
            <tr>
              <th>URL</th>
              <th>{t('webhooks.type')}</th>
              <th>{t('webhooks.format')}</th>
              <th>{t('webhooks.active')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(hooks.data ?? []).map((hook) => (
              <tr key={hook.id} data-webhook-url={hook.url}>
                <td>
                  {hook.url}
                  {results[hook.id] && (
                    <Callout className="p-webhook-result" intent={results[hook.id]!.ok ? Intent.SUCCESS : Intent.DANGER} compact>
                      {results[hook.id]!.text}
                    </Callout>
                  )}
                </td>
                <td>{t(`webhooks.types.${hook.type}`)}</td>
                <td>{t(`webhooks.formats.${hook.format}`)}</td>
                <td>
                  <Switch checked={hook.active} aria-label={t('webhooks.active')} onChange={(e) => void setActive(hook, e.currentTarget.checked)} />
                </td>
                <td>
                  <ButtonGroup variant="minimal">
                    <Button text={t('webhooks.test')} onClick={() => void test(hook)} />
                    <Button
                      text={t('webhooks.edit')}
                      onClick={() =>
                        edit({
                          id: hook.id,
                          url: hook.url,
                          type: hook.type,
                          format: hook.format,
                          active: hook.active,
                          authHeaderName: hook.authHeaderName ?? '',
                          authHeaderValue: '',
                          hint: hook.authHeaderValueHint,
                        })
                      }
                    />
                    <Button icon="trash" intent={Intent.DANGER} aria-label={t('webhooks.delete')} onClick={() => void remove(hook)} />
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListState>
      <Dialog isOpen={draft !== null} onClose={close} title={draft?.id ? t('webhooks.edit') : t('webhooks.add')}>
        {draft && (
          <Form
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <DialogBody>
              <Field label="URL" labelFor="webhook-url">
                <InputGroup id="webhook-url" type="url" required value={draft.url} onValueChange={(url) => setDraft({ ...draft, url })} />
              </Field>
              <Field label={t('webhooks.type')} labelFor="webhook-type">
                <HTMLSelect
                  id="webhook-type"
                  value={draft.type}
                  onChange={(e) => setDraft({ ...draft, type: e.currentTarget.value as Draft['type'] })}
                  options={WEBHOOK_TYPES.map((type) => ({ value: type, label: t(`webhooks.types.${type}`) }))}
                />
              </Field>
              <Field label={t('webhooks.format')} labelFor="webhook-format">
                <HTMLSelect id="webhook-format" value={draft.format} onChange={(e) => setDraft({ ...draft, format: e.currentTarget.value as Draft['format'] })} options={WEBHOOK_FORMATS.map((format) => ({ value: format, label: t(`webhooks.formats.${format}`) }))} />
              </Field>
              <Switch label={t('webhooks.active')} checked={draft.active} onChange={(e) => setDraft({ ...draft, active: e.currentTarget.checked })} />
              <Field label={t('webhooks.headerName')} labelFor="webhook-header-name" helperText={t('webhooks.optional')}>
                <InputGroup id="webhook-header-name" value={draft.authHeaderName} onValueChange={(authHeaderName) => setDraft({ ...draft, authHeaderName })} />
              </Field>
              <Field
                label={t('webhooks.headerValue')}
                labelFor="webhook-header-value"
                helperText={draft.hint ? t('webhooks.keepValue', { hint: draft.hint }) : t('webhooks.valueHidden')}
              >
                <InputGroup id="webhook-header-value" type="password" autoComplete="off" value={draft.authHeaderValue} onValueChange={(authHeaderValue) => setDraft({ ...draft, authHeaderValue })} />
              </Field>
            </DialogBody>
            <DialogFooter actions={<Button type="submit" intent="primary" text={t('webhooks.save')} disabled={!draft.url} />} />
          </Form>
        )}
      </Dialog>
      {unsaved.dialog}
    </>
  );
}

