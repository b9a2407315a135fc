/**
 * A categorization module's categories (§2.4 "categorization of messages and attachments"): body and
 * attachment tabs, add / rename / delete / deactivate (each confirmed, then saved), the default
 * category, the §5/§8 messages, and the test panel (a sentence or an analysis → categories and why).
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, ButtonGroup, Intent, Switch, Tab, TabPanel, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { type CategorizationSettings, type Category, type CategoryTarget } from '../../../contract/categorization';
import { AutoForm } from '../../../ui/auto-form';
import { confirm } from '../../../ui/dialogs/dialog-service';
import { ListState } from '../../../ui/list-state';
import { tr } from '../../../ui/message';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { CategorizationFrame, useCategorizationEnv } from './categorization-frame';
import { ConfigurationMessages } from './configuration-messages';
import { NameDialog } from '../shared/name-dialog';
import { nameProblem } from './name-problem';
import { categorizationQueries } from './queries';
import { TestPanel } from './test-panel';
import { newId, useConfigEditor } from './use-config-editor';
import { Form } from '../../../ui/form';
import { EmptyState } from '../../../ui/empty-state';
import { DataTable } from '../../../ui/data-table';

export function CategoriesPage() {
  const { t } = useTranslation(['categorization', 'routes']);
  const { envId, moduleId, projectId } = useCategorizationEnv();
  const settings = useQuery(categorizationQueries.categorization(envId, moduleId));
  return (
    <CategorizationFrame
      title={settings.data?.module.name ?? t('routes:categorization')}
      crumbs={[{ text: t('routes:categorization'), to: paths.categorization(projectId, envId) }]}
      actions={<Link to={paths.categorizationAdvanced(projectId, envId, moduleId)}>{t('routes:categorizationAdvanced')}</Link>}
    >
      <ListState query={settings} errorText={t('categories.error')}>
        {settings.data && <CategoriesEditor key={moduleId} settings={settings.data} />}
      </ListState>
    </CategorizationFrame>
  );
}

type Dialog = { kind: 'add' } | { kind: 'rename'; category: Category } | null;

function CategoriesEditor({ settings }: { settings: CategorizationSettings }) {
  const { t } = useTranslation('categorization');
  const { envId, projectId, moduleId, canEdit } = useCategorizationEnv();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const target: CategoryTarget = search.get('tab') === 'attachment' ? 'attachment' : 'body';
  const editor = useConfigEditor(envId, settings);
  const { draft } = editor;
  // The environment's other messages (§8: taints no earlier module produces, consolidation without
  // categorization…), from `categorization.check`; refreshed after each save.
  const check = useQuery(categorizationQueries.check(envId));
  const elsewhere = (check.data?.messages ?? []).filter((message) => message.moduleId !== settings.module.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  // Only the default category waits for "Save"; list actions are confirmed and saved at once.
  const guard = useUnsavedChangesGuard({ when: editor.dirty, onSave: () => editor.save() });
  // A category just added opens once the save has rendered (the guard is off by then).
  const [opened, setOpened] = useState<string | null>(null);
  useEffect(() => {
    if (opened) navigate(paths.categorizationCategory(projectId, envId, moduleId, opened));
  }, [opened, navigate, projectId, envId, moduleId]);
  const shown = draft.categories.filter((category) => category.target === target);
  const taken = (except?: string) => shown.filter((category) => category.id !== except).map((category) => category.name);
  const update = (categories: Category[]) => editor.save({ ...draft, categories });

  const add = async (name: string) => {
    setDialog(null);
    const category: Category = { id: newId('cat'), name, description: '', target, enabled: true, rules: [] };
    if (await update([...draft.categories, category])) setOpened(category.id);
  };
  const rename = async (category: Category, name: string) => {
    setDialog(null);
    await update(draft.categories.map((item) => (item.id === category.id ? { ...item, name } : item)));
  };
  const remove = async (category: Category) => {
    if (!(await confirm({ title: tr('categorization:categories.deleteTitle'), body: tr('categorization:categories.deleteConfirm', { name: category.name }), danger: true }))) return;
    await update(draft.categories.filter((item) => item.id !== category.id));
  };
  const toggle = async (category: Category) => {
    if (category.enabled && !(await confirm({ body: tr('categorization:categories.deactivateConfirm', { name: category.name }), danger: true }))) return;
    await update(draft.categories.map((item) => (item.id === category.id ? { ...item, enabled: !item.enabled } : item)));
  };

  return (
    <>
      {guard}
      <ConfigurationMessages messages={editor.messages} />
      <ConfigurationMessages messages={elsewhere} testId="environment-messages" />
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void editor.save();
        }}
        className="p-toolbar"
      >
        <AutoForm
          id="categorization"
          fields={[{ name: 'defaultCategory', kind: 'text', label: t('categories.defaultCategory'), help: t('categories.defaultCategoryHelp'), disabled: !canEdit }]}
          value={{ defaultCategory: draft.defaultCategory ?? '' }}
          onChange={(value) => editor.setDraft({ ...draft, defaultCategory: value.defaultCategory === '' ? null : value.defaultCategory })}
        />
        {canEdit && <Button type="submit" text={t('actions.save')} intent={Intent.PRIMARY} disabled={!editor.dirty} loading={editor.saving} />}
      </Form>
      <Tabs id="category-targets" selectedTabId={target} onChange={(id) => setSearch({ tab: String(id) }, { replace: true })}>
        <Tab id="body" title={t('categories.tabs.body')} />
        <Tab id="attachment" title={t('categories.tabs.attachment')} />
      </Tabs>
      {/* The list below is the selected tab's panel: the tab's aria-controls names it. */}
      <TabPanel
        parentId="category-targets"
        id={target}
        selectedTabId={target}
        panel={
          <>
            {shown.length === 0 ? (
              <EmptyState icon="tag" title={t(`categories.empty.${target}`)} />
            ) : (
              <DataTable className="p-table" compact aria-label={t(`categories.tabs.${target}`)}>
                <thead>
                  <tr>
                    <th>{t('categories.name')}</th>
                    <th>{t('categories.rules')}</th>
                    <th>{t('categories.enabled')}</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {shown.map((category) => (
                    <tr key={category.id} data-testid="category-row">
                      <td>
                        <Link to={paths.categorizationCategory(projectId, envId, moduleId, category.id)}>{category.name}</Link>{' '}
                        {!category.enabled && <Tag minimal>{t('categories.disabled')}</Tag>}
                      </td>
                      <td>{category.rules.length}</td>
                      <td>
                        <Switch checked={category.enabled} disabled={!canEdit || editor.saving} aria-label={t('categories.enabledOf', { name: category.name })} onChange={() => void toggle(category)} />
                      </td>
                      <td>
                        {canEdit && (
                          <ButtonGroup variant="minimal">
                            <Button icon="edit" aria-label={t('categories.renameOf', { name: category.name })} onClick={() => setDialog({ kind: 'rename', category })} />
                            <Button icon="trash" intent={Intent.DANGER} aria-label={t('categories.deleteOf', { name: category.name })} onClick={() => void remove(category)} />
                          </ButtonGroup>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            )}
          </>
        }
      />
      {canEdit && (
        <div className="p-toolbar">
          <Button icon="add" text={t(`categories.add.${target}`)} onClick={() => setDialog({ kind: 'add' })} />
        </div>
      )}
      {dialog?.kind === 'add' && <NameDialog title={t(`categories.add.${target}`)} label={t('categories.name')} inputId="category-name" confirmText={t('actions.add')} problemOf={(name) => nameProblem(name, taken())} onClose={() => setDialog(null)} onConfirm={(name) => void add(name)} />}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('categories.renameOf', { name: dialog.category.name })}
          confirmText={t('actions.rename')}
          label={t('categories.name')}
          inputId="category-name"
          initial={dialog.category.name}
          problemOf={(name) => nameProblem(name, taken(dialog.category.id), dialog.category.name)}
          onClose={() => setDialog(null)}
          onConfirm={(name) => void rename(dialog.category, name)}
        />
      )}
      <TestPanel moduleId={settings.module.id} config={draft} />
    </>
  );
}
