/**
 * The reply generator's template list (§2.4): create, rename, delete (confirmed), the default flag (at
 * most one; without one the §8 message "No default template: no reply will be generated"), each
 * template's category and LLM flag, and links to the reply template modules' settings. List actions
 * are saved at once.
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, ButtonGroup, Callout, Intent, Radio, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import type { ReplyTemplate, ReplyTemplatesView } from '../../../contract/reply-templates';
import { renameIncludes } from '../../../replies/includes';
import { confirm } from '../../../ui/dialogs/dialog-service';
import { ListState } from '../../../ui/list-state';
import { tr } from '../../../ui/message';
import { ErrorsTab } from './errors-tab';
import { replyQueries } from './queries';
import { RepliesFrame, useRepliesEnv } from './replies-frame';
import { NameDialog } from '../shared/name-dialog';
import { newTemplateId, useSaveTemplates, withDefault } from './use-save-templates';
import { EmptyState } from '../../../ui/empty-state';
import { DataTable } from '../../../ui/data-table';

export function ReplyTemplatesPage() {
  const { t } = useTranslation(['replies', 'routes']);
  const { envId } = useRepliesEnv();
  const view = useQuery(replyQueries.templates(envId));
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'errors' ? 'errors' : 'templates';
  return (
    <RepliesFrame title={t('routes:replyTemplates')}>
      <Tabs id="reply-templates-tabs" selectedTabId={tab} onChange={(id) => setSearch({ tab: String(id) }, { replace: true })} renderActiveTabPanelOnly>
        <Tab
          id="templates"
          title={t('list.tabs.templates')}
          panel={
            <>
              <ListState query={view} errorText={t('list.error')}>
                {view.data && <TemplateList view={view.data} />}
              </ListState>
              <ModuleLinks />
            </>
          }
        />
        <Tab id="errors" title={t('list.tabs.errors')} panel={<ErrorsTab />} />
      </Tabs>
    </RepliesFrame>
  );
}

type Dialog = { kind: 'add' } | { kind: 'rename'; template: ReplyTemplate } | null;

function TemplateList({ view }: { view: ReplyTemplatesView }) {
  const { t } = useTranslation('replies');
  // A template's name: not empty, unique (whatever the case), and changed by a rename.
  const templateNameProblem = (name: string, taken: readonly string[], previous?: string): string | null => {
    const trimmed = name.trim();
    if (trimmed === '') return t('list.nameEmpty');
    if (previous !== undefined && trimmed === previous) return t('list.nameUnchanged');
    if (taken.some((other) => other.toLowerCase() === trimmed.toLowerCase())) return t('errors.templateNameTaken', { name: trimmed });
    return null;
  };
  const { envId, projectId, canEdit } = useRepliesEnv();
  const navigate = useNavigate();
  const { save, saving } = useSaveTemplates(envId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { templates } = view;
  const names = (except?: string) => templates.filter((template) => template.id !== except).map((template) => template.name);
  const hasDefault = templates.some((template) => template.isDefault);

  const add = async (name: string) => {
    setDialog(null);
    const template: ReplyTemplate = { id: newTemplateId(), name, body: '', isDefault: !hasDefault, llmPrompt: false, category: null };
    if (await save([...templates, template])) navigate(paths.replyTemplate(projectId, envId, template.id, 'templates'));
  };
  const rename = async (template: ReplyTemplate, name: string) => {
    setDialog(null);
    // Templates that include it by its old name would fail to render: they follow the rename.
    await save(templates.map((item) => (item.id === template.id ? { ...item, name } : { ...item, body: renameIncludes(item.body, template.name, name) })));
  };
  const remove = async (template: ReplyTemplate) => {
    if (!(await confirm({ title: tr('replies:list.deleteTitle'), body: tr('replies:list.deleteConfirm', { name: template.name }), danger: true }))) return;
    await save(templates.filter((item) => item.id !== template.id));
  };

  return (
    <>
      {!hasDefault && (
        <Callout intent={Intent.WARNING} compact title={t('list.noDefault')} data-testid="no-default-template">
          {t('list.noDefaultHelp')}
        </Callout>
      )}
      {templates.length === 0 ? (
        <EmptyState icon="envelope" title={t('list.empty')} />
      ) : (
        <DataTable className="p-table" compact aria-label={t('menu.title')}>
          <thead>
            <tr>
              <th>{t('list.name')}</th>
              <th>{t('list.category')}</th>
              <th>{t('list.default')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {templates.map((template) => (
              <tr key={template.id} data-testid="template-row">
                <td>
                  <Link to={paths.replyTemplate(projectId, envId, template.id, 'templates')}>{template.name}</Link> {template.llmPrompt && <Tag minimal>{t('list.llm')}</Tag>}
                </td>
                <td>{template.category ?? t('list.noCategory')}</td>
                <td>
                  <Radio
                    checked={template.isDefault}
                    disabled={!canEdit || saving}
                    aria-label={t('list.defaultOf', { name: template.name })}
                    onChange={() => void save(withDefault(templates, template.id, true))}
                  />
                </td>
                <td>
                  {canEdit && (
                    <ButtonGroup variant="minimal">
                      <Button icon="edit" aria-label={t('list.renameOf', { name: template.name })} onClick={() => setDialog({ kind: 'rename', template })} />
                      <Button icon="trash" intent={Intent.DANGER} aria-label={t('list.deleteOf', { name: template.name })} onClick={() => void remove(template)} />
                    </ButtonGroup>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {canEdit && (
        <div className="p-toolbar">
          <Button icon="add" text={t('list.add')} onClick={() => setDialog({ kind: 'add' })} loading={saving} />
        </div>
      )}
      {dialog?.kind === 'add' && <NameDialog title={t('list.add')} label={t('list.name')} inputId="template-name" confirmText={t('actions.add')} problemOf={(name) => templateNameProblem(name, names())} onClose={() => setDialog(null)} onConfirm={(name) => void add(name)} />}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('list.renameOf', { name: dialog.template.name })}
          label={t('list.name')}
          inputId="template-name"
          confirmText={t('actions.rename')}
          initial={dialog.template.name}
          problemOf={(name) => templateNameProblem(name, names(dialog.template.id), dialog.template.name)}
          onClose={() => setDialog(null)}
          onConfirm={(name) => void rename(dialog.template, name)}
        />
      )}
    </>
  );
}

/** The environment's reply template modules, each a link to its settings screen. */
function ModuleLinks() {
  const { t } = useTranslation('replies');
  const { envId, projectId } = useRepliesEnv();
  const settings = useQuery(replyQueries.settings(envId));
  if (!settings.data) return null;
  const modules = settings.data.settings.modules.filter((module) => module.type === 'replyTemplate');
  return (
    <section aria-label={t('list.modules')}>
      <h2 className="bp6-heading">{t('list.modules')}</h2>
      {modules.length === 0 ? (
        <p className="bp6-text-muted">{t('list.noModule')}</p>
      ) : (
        <ul>
          {modules.map((module) => (
            <li key={module.id}>
              <Link to={paths.replyTemplateModule(projectId, envId, module.id)}>{t('list.moduleSettings', { name: module.name })}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

