/**
 * A category (§3 Category): name, description, target, enabled, and its rules table (reorder,
 * enable/disable, duplicate, delete). "Save" saves the module's configuration; "New rule" opens the
 * rule editor (the unsaved-changes guard asks first when the category has changes).
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NEW_ITEM, paths } from '../../../app/paths';
import { CATEGORY_TARGETS, type CategorizationSettings, type Category } from '../../../contract/categorization';
import { AutoForm, type AutoField } from '../../../ui/auto-form';
import { MissingItemError } from '../../../ui/missing-item';
import { ListState } from '../../../ui/list-state';
import { CategorizationFrame, useCategorizationEnv } from './categorization-frame';
import { ConfigForm } from './config-form';
import { nameProblem } from './name-problem';
import { translatedError } from './messages';
import { categorizationQueries } from './queries';
import { RulesTable } from './rules-table';
import { useConfigEditor } from './use-config-editor';

export function CategoryEditorPage() {
  const { t } = useTranslation(['categorization', 'routes', 'common']);
  const { envId, moduleId, projectId } = useCategorizationEnv();
  const { categoryId = '' } = useParams();
  const settings = useQuery(categorizationQueries.categorization(envId, moduleId));
  const category = settings.data?.config.categories.find((item) => item.id === categoryId);
  const missing = settings.data !== undefined && category === undefined;
  return (
    <CategorizationFrame
      title={category?.name ?? (missing ? t('common:missing.crumb.item') : t('routes:categorizationCategory'))}
      crumbs={[
        { text: t('routes:categorization'), to: paths.categorization(projectId, envId) },
        { text: settings.data?.module.name ?? moduleId, to: paths.categorizationModule(projectId, envId, moduleId, category?.target) },
      ]}
    >
      <ListState query={settings} error={translatedError(settings.error) ?? (missing ? new MissingItemError(t('categories.notFound')) : null)}
        errorText={t('categories.error')}
        missing={{ text: t('common:missing.text.category'), back: { to: paths.categorizationModule(projectId, envId, moduleId), text: t('common:missing.back.categories') } }}
      >
        {settings.data && category && <CategoryEditor key={category.id} settings={settings.data} categoryId={category.id} />}
      </ListState>
    </CategorizationFrame>
  );
}

type Fields = Pick<Category, 'name' | 'description' | 'target' | 'enabled'>;

function CategoryEditor({ settings, categoryId }: { settings: CategorizationSettings; categoryId: string }) {
  const { t } = useTranslation('categorization');
  const { envId, projectId, moduleId, canEdit } = useCategorizationEnv();
  const navigate = useNavigate();
  const editor = useConfigEditor(envId, settings);
  const category = editor.draft.categories.find((item) => item.id === categoryId)!;
  const previous = settings.config.categories.find((item) => item.id === categoryId)!;
  const [touched, setTouched] = useState(false);
  const taken = editor.draft.categories.filter((item) => item.id !== categoryId && item.target === category.target).map((item) => item.name);
  const problem = category.name.trim() === previous.name.trim() ? null : nameProblem(category.name, taken);

  const change = (next: Partial<Category>) => editor.setDraft((draft) => ({ ...draft, categories: draft.categories.map((item) => (item.id === categoryId ? { ...item, ...next } : item)) }));
  async function save(): Promise<boolean> {
    setTouched(true);
    if (problem) return false;
    return editor.save();
  }

  const fields: AutoField<keyof Fields>[] = [
    { name: 'name', kind: 'text', label: t('categories.name'), required: true },
    { name: 'description', kind: 'textarea', label: t('categories.description') },
    { name: 'target', kind: 'select', label: t('categories.target'), options: CATEGORY_TARGETS.map((target) => ({ value: target, label: t(`categories.tabs.${target}`) })) },
    { name: 'enabled', kind: 'switch', label: t('categories.enabled') },
  ].map((field) => ({ ...field, disabled: !canEdit }) as AutoField<keyof Fields>);

  return (
    <ConfigForm
      dirty={editor.dirty}
      onSave={save}
      canEdit={canEdit}
      saving={editor.saving}
      messages={editor.messages.filter((message) => message.moduleId !== settings.module.id || message.path.length < 2 || message.path[1] === String(editor.draft.categories.indexOf(category)))}
    >
      <AutoForm id="category" fields={fields} value={category} onChange={(value) => change(value)} errors={touched && problem ? { name: problem } : {}} />
      <div className="p-page__header">
        <H2 className="p-card-heading">{t('rules.title')}</H2>
        {canEdit && (
          <Button icon="add" text={t('rules.add')} onClick={() => navigate(paths.categorizationRule(projectId, envId, moduleId, categoryId, NEW_ITEM))} />
        )}
      </div>
      <RulesTable rules={category.rules} readOnly={!canEdit} onChange={(rules) => change({ rules })} linkTo={(ruleId) => paths.categorizationRule(projectId, envId, moduleId, categoryId, ruleId)} />
    </ConfigForm>
  );
}
