/**
 * A vision engine module's settings (§2.4, §3 Vision engine): the scalar settings as AutoForm
 * descriptors, the categories and extraction fields as lists, validated by the contract's schema
 * and saved with `visionEngine.save`; the unsaved-changes guard warns before leaving with unsaved
 * changes (§2.4). When the server has no language model, the page says how an operator sets one.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Code, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { paths } from '../../../app/paths';
import { saveVisionEngineSettings, visionEngineConfigSchema, type LlmStatus, type VisionEngineSettings } from '../../../contract/vision-engine';
import { AutoForm } from '../../../ui/auto-form';
import { confirm } from '../../../ui/dialogs/dialog-service';
import { ListState } from '../../../ui/list-state';
import { tr } from '../../../ui/message';
import { toast } from '../../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { KeyListEditor } from './key-list-editor';
import { visionErrorText } from './messages';
import { visionQueries } from './queries';
import { showsCategories, showsFields, visionErrors, visionFields, type VisionFormValue } from './vision-form';
import { ConfigurationFrame, useConfigurationEnv } from '../shared/configuration-frame';
import { Form } from '../../../ui/form';

export function VisionEnginePage() {
  const { t } = useTranslation(['vision', 'routes']);
  const { envId, moduleId, projectId } = useConfigurationEnv();
  const settings = useQuery(visionQueries.settings(envId, moduleId));
  return (
    <ConfigurationFrame title={settings.data?.module.name ?? t('routes:visionEngine')} crumbs={[{ text: t('routes:visionEngine'), to: paths.visionEngine(projectId, envId) }]}>
      <ListState query={settings} errorText={t('settings.error')}>
        {settings.data && (
          <>
            <LlmCallout llm={settings.data.llm} />
            <VisionEditor key={moduleId} settings={settings.data} />
          </>
        )}
      </ListState>
    </ConfigurationFrame>
  );
}

/** Whether analyses reach a model; without one, what the operator sets (never shown: the address, the key). */
export function LlmCallout({ llm }: { llm: LlmStatus }) {
  const { t } = useTranslation('vision');
  if (llm.configured) {
    return (
      <Callout intent={Intent.SUCCESS} compact icon="tick-circle" data-testid="llm-status" style={{ marginBottom: '1rem' }}>
        {t('llm.configured', { model: llm.model })}
      </Callout>
    );
  }
  return (
    <Callout intent={Intent.WARNING} title={t('llm.missingTitle')} data-testid="llm-status" style={{ marginBottom: '1rem' }}>
      <p>{t('llm.missing')}</p>
      <ul>
        <li>
          <Code>POSTROOM_LLM_BASE_URL</Code> — {t('llm.baseUrl')}
        </li>
        <li>
          <Code>POSTROOM_LLM_API_KEY</Code> — {t('llm.apiKey')}
        </li>
        <li>
          <Code>POSTROOM_LLM_MODEL</Code> — {t('llm.model')}
        </li>
        <li>
          <Code>POSTROOM_LLM_TIMEOUT_MS</Code> — {t('llm.timeout')}
        </li>
      </ul>
      <p>{t('llm.restart')}</p>
    </Callout>
  );
}

const rowErrors = (errors: Record<string, string>, list: string) =>
  Object.fromEntries(Object.entries(errors).flatMap(([key, text]) => (key.startsWith(`${list}.`) ? [[Number(key.slice(list.length + 1)), text]] : [])));

function VisionEditor({ settings }: { settings: VisionEngineSettings }) {
  const { t } = useTranslation('vision');
  const { envId, canEdit } = useConfigurationEnv();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<VisionFormValue>(settings.config);
  const [draft, setDraft] = useState<VisionFormValue>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  const save = async (): Promise<boolean> => {
    const parsed = visionEngineConfigSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(visionErrors(t, parsed.error.issues));
      return false;
    }
    setErrors({});
    setSaving(true);
    try {
      const answer = await request(saveVisionEngineSettings, { params: { envId, moduleId: settings.module.id }, body: { config: parsed.data } });
      setSaved(answer.config);
      setDraft(answer.config);
      queryClient.setQueryData(visionQueries.settings(envId, settings.module.id).queryKey, answer);
      toast.success({ summary: tr('errors:generic.save.success') });
      return true;
    } catch (error) {
      toast.error({ summary: tr('errors:generic.save.failure'), detail: visionErrorText(error) });
      return false;
    } finally {
      setSaving(false);
    }
  };
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save });
  // Switching the engine off stops every analysis from reaching the model once saved: asked first (§2.4).
  const change = async (next: VisionFormValue) => {
    if (draft.active && !next.active && !(await confirm({ body: tr('vision:settings.deactivateConfirm'), danger: true }))) return;
    setDraft(next);
  };

  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {guard}
      <AutoForm id="vision" fields={visionFields(t, !canEdit)} value={draft} onChange={(next) => void change(next)} errors={errors} />
      {showsCategories(draft) && (
        <KeyListEditor
          id="vision-categories"
          label={t('settings.categories')}
          help={t(draft.type === 'custom' ? 'settings.categoriesHelpCustom' : 'settings.categoriesHelp')}
          keyLabel={t('lists.categoryKey')}
          rows={draft.categories}
          errors={rowErrors(errors, 'categories')}
          listError={errors.categories}
          disabled={!canEdit}
          onChange={(rows) => setDraft({ ...draft, categories: rows })}
        />
      )}
      {showsFields(draft) && (
        <KeyListEditor
          id="vision-fields"
          label={t('settings.extractionFields')}
          help={t('settings.extractionFieldsHelp')}
          keyLabel={t('lists.fieldName')}
          rows={draft.extractionFields.map((field) => ({ key: field.field, description: field.description }))}
          errors={rowErrors(errors, 'extractionFields')}
          listError={errors.extractionFields}
          disabled={!canEdit}
          onChange={(rows) => setDraft({ ...draft, extractionFields: rows.map((row) => ({ field: row.key, description: row.description })) })}
        />
      )}
      {canEdit && (
        <div className="p-toolbar">
          <Button type="submit" intent={Intent.PRIMARY} text={t('settings.save')} disabled={!dirty} loading={saving} />
        </div>
      )}
    </Form>
  );
}
