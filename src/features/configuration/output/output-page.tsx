/**
 * An output module's settings (§2.4 per-module settings screens, §3 Output module options): the
 * options as AutoForm descriptors validated by the contract's schema, saved with `output.save`
 * (asking first when the change takes data away from what webhooks and programs receive), the
 * unsaved-changes guard, and beside them the live preview of the payload these options give.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { outputOptionsSchema, saveOutputSettings, type OutputOptions, type OutputSettings } from '../../../contract/output';
import { AutoForm, fieldErrors } from '../../../ui/auto-form';
import { confirm } from '../../../ui/dialogs/dialog-service';
import { ListState } from '../../../ui/list-state';
import { tr } from '../../../ui/message';
import { toast } from '../../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { outputFields, removedData, type OutputFormValue } from './output-form';
import { OutputFrame, useOutputEnv } from './output-frame';
import { outputErrorText } from './messages';
import { PreviewPanel } from './preview-panel';
import { outputQueries } from './queries';
import { Form } from '../../../ui/form';

export function OutputPage() {
  const { t } = useTranslation(['output', 'routes']);
  const { envId, moduleId } = useOutputEnv();
  const settings = useQuery(outputQueries.settings(envId, moduleId));
  return (
    <OutputFrame title={settings.data?.module.name ?? t('routes:output')} withList>
      <ListState query={settings} errorText={t('settings.error')}>
        {settings.data && <OutputEditor key={moduleId} settings={settings.data} />}
      </ListState>
    </OutputFrame>
  );
}

function OutputEditor({ settings }: { settings: OutputSettings }) {
  const { t } = useTranslation('output');
  const { envId, canEdit } = useOutputEnv();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<OutputOptions>(settings.config);
  const [draft, setDraft] = useState<OutputFormValue>(settings.config);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  // The options shown first may come from the cache kept across reloads; when the server's answer
  // differs and nothing was changed here, take the server's.
  const server = JSON.stringify(settings.config);
  useEffect(() => {
    if (JSON.stringify(draft) !== JSON.stringify(saved)) return;
    const config = JSON.parse(server) as OutputOptions;
    setSaved(config);
    setDraft(config);
    // Only a new answer from the server should run this, not the user's edits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [server]);
  // A deactivated module keeps no configuration (§4): a save would store nothing.
  const editable = canEdit && settings.module.active;

  const save = async (): Promise<boolean> => {
    const parsed = outputOptionsSchema.safeParse(draft);
    if (!parsed.success) {
      setIssues(fieldErrors(parsed.error.issues, () => t('settings.invalid')));
      return false;
    }
    setIssues({});
    const removed = removedData(t, saved, parsed.data);
    if (removed.length > 0 && !(await confirm({ body: tr('output:confirm.removed', { fields: removed.join(', ') }), danger: true, confirmLabel: tr('output:confirm.save') }))) return false;
    setSaving(true);
    try {
      const answer = await request(saveOutputSettings, { params: { envId, moduleId: settings.module.id }, body: { config: parsed.data } });
      setSaved(answer.config);
      setDraft(answer.config);
      queryClient.setQueryData(outputQueries.settings(envId, settings.module.id).queryKey, answer);
      toast.success({ summary: tr('errors:generic.save.success') });
      return true;
    } catch (error) {
      toast.error({ summary: tr('errors:generic.save.failure'), detail: outputErrorText(error) });
      return false;
    } finally {
      setSaving(false);
    }
  };
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save });

  const reset = async () => {
    if (dirty && !(await confirm({ body: tr('output:confirm.reset'), danger: true, confirmLabel: tr('output:confirm.resetConfirm') }))) return;
    setDraft(outputOptionsSchema.parse({}));
  };

  return (
    <div className="p-output-editor">
      <Form
        aria-label={t('menu.title')}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {guard}
        <p className="bp6-text-muted">{t('settings.intro')}</p>
        {!settings.module.active && (
          <Callout intent={Intent.WARNING} compact data-testid="output-inactive">
            {t('settings.inactive')}
          </Callout>
        )}
        {!canEdit && (
          <Callout compact data-testid="output-read-only">
            {t('settings.readOnly')}
          </Callout>
        )}
        <AutoForm id="output" fields={outputFields(t, draft, settings.categories, !editable)} value={draft} onChange={setDraft} errors={issues} />
        {editable && (
          <div className="p-toolbar">
            <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} disabled={!dirty} loading={saving} />
            <Button text={t('actions.reset')} onClick={() => void reset()} />
          </div>
        )}
      </Form>
      <PreviewPanel options={draft} />
    </div>
  );
}
