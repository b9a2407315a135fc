/**
 * The reply template module's settings screen (§2.4 per-module settings): its `config`
 * (`replyTemplateConfigSchema`) as AutoForm fields, saved with the environment's settings (the same
 * `environments.updateSettings` the environment screen uses). Unsaved changes are guarded.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { updateEnvironmentSettings, type EnvironmentDetails } from '../../../contract/environments';
import { replyTemplateConfigSchema, type ReplyTemplateConfig } from '../../../contract/reply-templates';
import { AutoForm } from '../../../ui/auto-form';
import { ListState } from '../../../ui/list-state';
import { tr } from '../../../ui/message';
import { toast } from '../../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { replyErrorText } from './messages';
import { replyQueries } from './queries';
import { RepliesFrame, useRepliesEnv } from './replies-frame';
import { Form } from '../../../ui/form';
import { EmptyState } from '../../../ui/empty-state';

export function ReplyTemplateModulePage() {
  const { t } = useTranslation(['replies', 'routes']);
  const { envId, moduleId } = useRepliesEnv();
  const details = useQuery(replyQueries.settings(envId));
  const module = details.data?.settings.modules.find((candidate) => candidate.id === moduleId && candidate.type === 'replyTemplate');
  return (
    <RepliesFrame title={module?.name ?? t('routes:replyTemplateModule')} withList>
      <ListState query={details} errorText={t('module.error')}>
        {details.data && (module ? <ModuleForm key={module.id} details={details.data} moduleId={module.id} /> : <EmptyState icon="search" title={t('module.notFound')} />)}
      </ListState>
    </RepliesFrame>
  );
}

function ModuleForm({ details, moduleId }: { details: EnvironmentDetails; moduleId: string }) {
  const { t } = useTranslation('replies');
  const { envId, canEdit } = useRepliesEnv();
  const queryClient = useQueryClient();
  const module = details.settings.modules.find((candidate) => candidate.id === moduleId)!;
  const initial = replyTemplateConfigSchema.safeParse(module.config).data ?? replyTemplateConfigSchema.parse({});
  const [saved, setSaved] = useState<ReplyTemplateConfig>(initial);
  const [draft, setDraft] = useState<ReplyTemplateConfig>(initial);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const valid = replyTemplateConfigSchema.safeParse(draft).success;

  const save = async (): Promise<boolean> => {
    setSaving(true);
    try {
      const modules = details.settings.modules.map((candidate) => (candidate.id === moduleId ? { ...candidate, config: { ...candidate.config, ...draft } } : candidate));
      const answer = await request(updateEnvironmentSettings, {
        params: { envId },
        body: { name: details.name, visibility: details.visibility, priority: details.priority, settings: { ...details.settings, modules } },
      });
      queryClient.setQueryData(replyQueries.settings(envId).queryKey, answer);
      setSaved(draft);
      toast.success({ summary: tr('errors:generic.save.success') });
      return true;
    } catch (error) {
      toast.error({ summary: tr('errors:generic.save.failure'), detail: replyErrorText(error) });
      return false;
    } finally {
      setSaving(false);
    }
  };
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save });
  // §8: with the default template in use but none marked, analyses without a category template get no draft.
  const templates = useQuery(replyQueries.templates(envId));
  const noDefault = draft.useDefaultTemplate && templates.data !== undefined && !templates.data.templates.some((template) => template.isDefault);

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void save();
      }}
    >
      {guard}
      {noDefault && (
        <Callout intent={Intent.WARNING} compact title={t('list.noDefault')} data-testid="no-default-template">
          {t('list.noDefaultHelp')}
        </Callout>
      )}
      <AutoForm
        id="reply-template-module"
        fields={[
          { name: 'useDefaultTemplate', kind: 'switch', label: t('module.useDefaultTemplate'), help: t('module.useDefaultTemplateHelp'), disabled: !canEdit },
          { name: 'llmMaxTokens', kind: 'number', label: t('module.llmMaxTokens'), help: t('module.llmMaxTokensHelp'), min: 16, max: 8000, disabled: !canEdit },
        ]}
        value={draft}
        onChange={(value) => setDraft(value)}
      />
      {canEdit && (
        <div className="p-toolbar">
          <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} disabled={!dirty || !valid} loading={saving} />
        </div>
      )}
    </Form>
  );
}
