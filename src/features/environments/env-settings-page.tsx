/**
 * Environment settings (spec §2.4, §3, §4): name, visibility, priority, debug mode, languages,
 * retention, content settings, extractor settings and the module list; delete (asynchronous).
 * The whole configuration is one form validated by the contract's schema and saved at once.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, HTMLSelect, InputGroup, Intent, Switch, Tooltip } from '@blueprintjs/core';
import { NumericInput } from '../../ui/numeric-input';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage } from '../../api/errors';
import {
  deleteEnvironment,
  moduleOrderProblems,
  NLU_LANGUAGES,
  RETENTION_OPTIONS,
  updateEnvironmentSettings,
  type EnvironmentDetails,
  type EnvironmentListItem,
} from '../../contract/environments';
import { mayCall } from '../../contract/define';
import { confirm } from '../../ui/dialogs/dialog-service';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { paths } from '../../app/paths';
import { EnvManagementShell } from './env-management-shell';
import { ExtractorSettingsForm } from './extractor-settings-form';
import { ModuleList } from './module-list';
import { environmentQueries } from './queries';
import { configurationMessageText, refusedMessages } from '../../ui/configuration-message-text';
import { languageName } from '../../i18n/language-names';
import type { Language } from '../../storage/preferences';
import { Field, Form } from '../../ui/form';

export function EnvSettingsPage() {
  return <EnvManagementShell page="settings">{(env, projectId) => <SettingsForm key={env.id} env={env} projectId={projectId} />}</EnvManagementShell>;
}

type Draft = Pick<EnvironmentDetails, 'name' | 'visibility' | 'priority' | 'settings'>;

function SettingsForm({ env, projectId }: { env: EnvironmentListItem; projectId: string }) {
  const { t, i18n } = useTranslation(['environments', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const details = useQuery(environmentQueries.settings(env.id));
  const project = useQuery(environmentQueries.project(projectId));
  const contexts = useQuery(environmentQueries.nluContexts(env.id));
  const [draft, setDraft] = useState<Draft | null>(null);
  const readOnly = !mayCall(updateEnvironmentSettings, project.data);
  // The NLU servers, so the module list says at once what a save would refuse (a categorization
  // module without a server of AI 5 and format V5, §5), not only when the save is refused.
  const servers = useQuery({ ...environmentQueries.nluServers(env.id), enabled: !readOnly });
  // Provider SRE changes settings but never deletes an environment.
  const canDelete = mayCall(deleteEnvironment, project.data);

  const saved = details.data ? { name: details.data.name, visibility: details.data.visibility, priority: details.data.priority, settings: details.data.settings } : null;
  useEffect(() => {
    if (details.data) setDraft({ name: details.data.name, visibility: details.data.visibility, priority: details.data.priority, settings: details.data.settings });
  }, [details.data]);

  const dirty = draft !== null && saved !== null && JSON.stringify(draft) !== JSON.stringify(saved);
  const problems = draft ? moduleOrderProblems(draft.settings.modules) : [];

  const save = async (): Promise<boolean> => {
    if (!draft || problems.length > 0) return false;
    try {
      const updated = await request(updateEnvironmentSettings, { params: { envId: env.id }, body: draft });
      queryClient.setQueryData(environmentQueries.settings(env.id).queryKey, updated);
      await queryClient.invalidateQueries({ queryKey: environmentQueries.list(projectId).queryKey });
      toast.success({ summary: tr('errors:generic.save.success') });
      return true;
    } catch (error) {
      // §5/§8 messages of the modules (categorization, consolidation, taints) translated by code.
      const refused = refusedMessages(error);
      toast.error({ summary: tr('errors:messages.environmentEdition'), detail: refused.length > 0 ? refused.map(configurationMessageText).join(' · ') : errorMessage(error) });
      return false;
    }
  };
  const guard = useUnsavedChangesGuard({ when: !readOnly && dirty, onSave: save });

  const remove = async () => {
    if (!(await confirm({ body: tr('environments:settings.deleteConfirm', { name: env.name }), danger: true }))) return;
    try {
      await request(deleteEnvironment, { params: { envId: env.id } });
      toast.success({ summary: tr('errors:generic.delete.success') });
      // Leave first: refetching this environment's settings while still on its page could, for one
      // render, compare the new answer with the old draft and make the unsaved-changes guard stop us.
      await navigate(paths.project(projectId));
      void queryClient.invalidateQueries();
    } catch (error) {
      toast.error({ summary: tr('errors:messages.environmentDelete'), detail: errorMessage(error) });
    }
  };

  if (!draft) return null;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const setSettings = (patch: Partial<Draft['settings']>) => set({ settings: { ...draft.settings, ...patch } });
  const content = draft.settings.content;
  const setContent = (patch: Partial<typeof content>) => setSettings({ content: { ...content, ...patch } });
  const toggleLanguage = (language: (typeof draft.settings.languages)[number]) =>
    setSettings({
      languages: draft.settings.languages.includes(language)
        ? draft.settings.languages.filter((l) => l !== language)
        : [...draft.settings.languages, language],
    });

  const restricted = (element: React.ReactElement) => (readOnly ? <Tooltip content={t('settings.readOnly')}>{element}</Tooltip> : element);

  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <fieldset disabled={readOnly} className="p-fieldset">
        <Card className="p-section">
          <h2>{t('settings.general')}</h2>
          <Field label={t('settings.name')} labelFor="env-name">
            <InputGroup id="env-name" value={draft.name} onValueChange={(name) => set({ name })} />
          </Field>
          <Switch
            label={t('settings.private')}
            checked={draft.visibility === 'private'}
            onChange={(e) => set({ visibility: e.currentTarget.checked ? 'private' : 'public' })}
          />
          <Switch label={t('settings.priority')} checked={draft.priority} onChange={(e) => set({ priority: e.currentTarget.checked })} />
          <Switch label={t('settings.debugMode')} checked={draft.settings.debugMode} onChange={(e) => setSettings({ debugMode: e.currentTarget.checked })} />
          <Field label={t('settings.retention')} labelFor="env-retention">
            <HTMLSelect
              id="env-retention"
              value={draft.settings.retention}
              onChange={(e) => setSettings({ retention: e.currentTarget.value as Draft['settings']['retention'] })}
              options={RETENTION_OPTIONS.map((r) => ({ value: r, label: t(`settings.retentions.${r}`) }))}
            />
          </Field>
          <Field label={t('settings.languages')}>
            <div className="p-checkbox-grid">
              {(['auto', ...NLU_LANGUAGES] as const).map((language) => (
                <Checkbox
                  key={language}
                  label={language === 'auto' ? t('settings.autoDetect') : languageName(language, i18n.language as Language)}
                  checked={draft.settings.languages.includes(language)}
                  onChange={() => toggleLanguage(language)}
                />
              ))}
            </div>
          </Field>
        </Card>
        <Card className="p-section">
          <h2>{t('settings.content')}</h2>
          {(['multiInteraction', 'multiCategory', 'attachmentCategoriesPerPage', 'ocrJpg', 'ocrPng'] as const).map((key) => (
            <Switch key={key} label={t(`settings.contentFields.${key}`)} checked={content[key]} onChange={(e) => setContent({ [key]: e.currentTarget.checked })} />
          ))}
          {(['maxPagesToOcr', 'splitPerCharacters'] as const).map((key) => (
            <Field key={key} label={t(`settings.contentFields.${key}`)} labelFor={`content-${key}`}>
              <NumericInput id={`content-${key}`} min={key === 'maxPagesToOcr' ? 0 : 1} value={content[key]} onValueChange={(n) => Number.isFinite(n) && setContent({ [key]: n })} />
            </Field>
          ))}
        </Card>
        <Card className="p-section">
          <h2>{t('settings.extractor')}</h2>
          <ExtractorSettingsForm value={draft.settings.extractor} onChange={(extractor) => setSettings({ extractor })} />
        </Card>
        <Card className="p-section">
          <h2>{t('settings.modules')}</h2>
          <ModuleList modules={draft.settings.modules} contexts={contexts.data ?? []} servers={servers.data} onChange={(modules) => setSettings({ modules })} readOnly={readOnly} />
        </Card>
      </fieldset>
      <div className="p-toolbar">
        {restricted(<Button type="submit" intent="primary" text={t('common:actions.save')} disabled={readOnly || !dirty || problems.length > 0} />)}
        {canDelete ? (
          <Button icon="trash" intent={Intent.DANGER} text={t('settings.delete')} onClick={() => void remove()} />
        ) : (
          <Tooltip content={t('settings.readOnly')}>
            <Button icon="trash" intent={Intent.DANGER} text={t('settings.delete')} disabled />
          </Tooltip>
        )}
      </div>
      {guard}
    </Form>
  );
}
