/**
 * A consolidation module's settings (§3 Consolidation module): descriptors rendered by AutoForm,
 * validated by the contract's schema, saved with `consolidation.save` (an empty workflow id is
 * created by the server) through the editor every categorization screen uses (use-config-editor.ts);
 * §5/§8 messages translated by code; unsaved-changes guard (config-form.tsx).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { paths } from '../../../app/paths';
import { consolidationConfigSchema, saveConsolidationSettings, type ConsolidationSettings } from '../../../contract/categorization';
import { AutoForm, fieldErrors } from '../../../ui/auto-form';
import { ListState } from '../../../ui/list-state';
import { CategorizationFrame, useCategorizationEnv } from './categorization-frame';
import { ConfigForm } from './config-form';
import { consolidationFields, fromFormValue, toFormValue, type ConsolidationFormValue } from './consolidation-form';
import { categorizationQueries } from './queries';
import { useModuleConfigEditor } from './use-config-editor';

export function ConsolidationPage() {
  const { t } = useTranslation(['categorization', 'routes']);
  const { envId, moduleId, projectId } = useCategorizationEnv();
  const settings = useQuery(categorizationQueries.consolidation(envId, moduleId));
  return (
    <CategorizationFrame title={settings.data?.module.name ?? t('routes:consolidation')} crumbs={[{ text: t('routes:consolidation'), to: paths.consolidation(projectId, envId) }]}>
      <ListState query={settings} errorText={t('consolidation.error')}>
        {settings.data && <ConsolidationEditor key={moduleId} settings={settings.data} />}
      </ListState>
    </CategorizationFrame>
  );
}

function ConsolidationEditor({ settings }: { settings: ConsolidationSettings }) {
  const { t } = useTranslation('categorization');
  const { envId, canEdit } = useCategorizationEnv();
  const moduleId = settings.module.id;
  const editor = useModuleConfigEditor<ConsolidationFormValue, ConsolidationSettings>({
    envId,
    initial: toFormValue(settings.config, settings),
    messages: settings.messages,
    send: (value) => request(saveConsolidationSettings, { params: { envId, moduleId }, body: { config: consolidationConfigSchema.parse(fromFormValue(value)) } }),
    configOf: (answer) => toFormValue(answer.config, answer),
    queryKey: categorizationQueries.consolidation(envId, moduleId).queryKey,
  });
  const [issues, setIssues] = useState<Record<string, string>>({});

  // Checked here first, so a bad value is shown on its field instead of failing the request.
  const save = async (): Promise<boolean> => {
    const parsed = consolidationConfigSchema.safeParse(fromFormValue(editor.draft));
    if (!parsed.success) {
      setIssues(fieldErrors(parsed.error.issues, () => t('consolidation.invalid')));
      return false;
    }
    setIssues({});
    return editor.save();
  };

  return (
    <ConfigForm dirty={editor.dirty} onSave={save} canEdit={canEdit} saving={editor.saving} messages={editor.messages}>
      <AutoForm id="consolidation" fields={consolidationFields(t, settings, editor.draft, !canEdit)} value={editor.draft} onChange={editor.setDraft} errors={issues} />
    </ConfigForm>
  );
}
