/**
 * A consolidation module's settings (§3 Consolidation module): descriptors rendered by AutoForm,
 * validated by the contract's schema, saved with `consolidation.save` (an empty workflow id is
 * created by the server); §5/§8 messages translated by code; unsaved-changes guard.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { paths } from '../../../app/paths';
import { consolidationConfigSchema, saveConsolidationSettings, type ConfigurationMessage, type ConsolidationSettings } from '../../../contract/categorization';
import { AutoForm, fieldErrors } from '../../../ui/auto-form';
import { ListState } from '../../../ui/list-state';
import { tr } from '../../../ui/message';
import { toast } from '../../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { CategorizationFrame, useCategorizationEnv } from './categorization-frame';
import { ConfigurationMessages } from './configuration-messages';
import { consolidationFields, fromFormValue, toFormValue, type ConsolidationFormValue } from './consolidation-form';
import { categorizationErrorText, refusedMessages, translatedError } from './messages';
import { categorizationQueries } from './queries';

export function ConsolidationPage() {
  const { t } = useTranslation(['categorization', 'routes']);
  const { envId, moduleId, projectId } = useCategorizationEnv();
  const settings = useQuery(categorizationQueries.consolidation(envId, moduleId));
  return (
    <CategorizationFrame title={settings.data?.module.name ?? t('routes:consolidation')} crumbs={[{ text: t('routes:consolidation'), to: paths.consolidation(projectId, envId) }]}>
      <ListState isPending={settings.isPending} error={translatedError(settings.error)} onRetry={() => void settings.refetch()} isEmpty={false} emptyText="" errorText={t('consolidation.error')}>
        {settings.data && <ConsolidationEditor key={moduleId} settings={settings.data} />}
      </ListState>
    </CategorizationFrame>
  );
}

function ConsolidationEditor({ settings }: { settings: ConsolidationSettings }) {
  const { t } = useTranslation('categorization');
  const { envId, canEdit } = useCategorizationEnv();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<ConsolidationFormValue>(() => toFormValue(settings.config, settings));
  const [draft, setDraft] = useState<ConsolidationFormValue>(saved);
  const [messages, setMessages] = useState<ConfigurationMessage[]>(settings.messages);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  const save = async (): Promise<boolean> => {
    const parsed = consolidationConfigSchema.safeParse(fromFormValue(draft));
    if (!parsed.success) {
      setIssues(fieldErrors(parsed.error.issues.map((issue) => ({ ...issue, message: t('consolidation.invalid') }))));
      return false;
    }
    setIssues({});
    setSaving(true);
    try {
      const answer = await request(saveConsolidationSettings, { params: { envId, moduleId: settings.module.id }, body: { config: parsed.data } });
      const value = toFormValue(answer.config, answer);
      setSaved(value);
      setDraft(value);
      setMessages(answer.messages);
      queryClient.setQueryData(categorizationQueries.consolidation(envId, settings.module.id).queryKey, answer);
      toast.success({ summary: tr('errors:generic.save.success') });
      return true;
    } catch (error) {
      const refused = refusedMessages(error);
      if (refused.length > 0) setMessages(refused);
      toast.error({ summary: tr('errors:generic.save.failure'), detail: categorizationErrorText(error) });
      return false;
    } finally {
      setSaving(false);
    }
  };
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {guard}
      <ConfigurationMessages messages={messages} />
      <AutoForm id="consolidation" fields={consolidationFields(t, settings, draft, !canEdit)} value={draft} onChange={setDraft} errors={issues} />
      {canEdit && (
        <div className="p-toolbar">
          <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} disabled={!dirty} loading={saving} />
        </div>
      )}
    </form>
  );
}
