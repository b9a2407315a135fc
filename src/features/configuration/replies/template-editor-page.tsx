/**
 * A reply template's editor (§2.4 Reply generator): tabs Includes, Template (the Liquid editor with
 * its category, default and LLM prompt flags), Tests, Documentation and Errors. The draft is the
 * template being edited; the Includes and Tests tabs work on it unsaved. Leaving with unsaved
 * changes asks first; a refused save (include cycle, syntax error with its line…) keeps the draft.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Intent, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import type { ReplyTemplate, ReplyTemplatesView } from '../../../contract/reply-templates';
import { ListState } from '../../../ui/list-state';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { DocumentationTab } from './documentation-tab';
import { ErrorsTab } from './errors-tab';
import { IncludesTab } from './includes-tab';
import { replyErrorText } from './messages';
import { replyQueries } from './queries';
import { RepliesFrame, useRepliesEnv } from './replies-frame';
import { TemplateTab, type LineError } from './template-tab';
import { TestsTab } from './tests-tab';
import { useSaveTemplates, withDefault } from './use-save-templates';
import { EmptyState } from '../../../ui/empty-state';

const TABS = ['includes', 'templates', 'tests', 'documentation', 'errors'] as const;
type TabId = (typeof TABS)[number];

export function ReplyTemplateEditorPage() {
  const { t } = useTranslation(['replies', 'routes']);
  const { envId, templateId } = useRepliesEnv();
  const view = useQuery(replyQueries.templates(envId));
  const template = view.data?.templates.find((candidate) => candidate.id === templateId);
  return (
    <RepliesFrame title={template?.name ?? t('routes:replyTemplate')} withList>
      <ListState query={view} errorText={t('list.error')}>
        {view.data && (template ? <TemplateEditor key={template.id} view={view.data} template={template} /> : <EmptyState icon="search" title={t('editor.notFound')} />)}
      </ListState>
    </RepliesFrame>
  );
}

function TemplateEditor({ view, template }: { view: ReplyTemplatesView; template: ReplyTemplate }) {
  const { t } = useTranslation('replies');
  const { envId, canEdit } = useRepliesEnv();
  const [search, setSearch] = useSearchParams();
  const tab: TabId = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as TabId) : 'templates';
  const { save, saving } = useSaveTemplates(envId);
  const [saved, setSaved] = useState(template);
  const [draft, setDraft] = useState(template);
  // Line errors of the text they were found in (a refused save, a test); typing hides them.
  const [found, setFound] = useState<{ body: string; errors: LineError[] } | null>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  // The environment's templates with the draft in place of the saved one: what Includes and Tests see.
  const templates = useMemo(() => {
    const others = view.templates.map((candidate) => (candidate.id === draft.id ? draft : candidate));
    return draft.isDefault ? withDefault(others, draft.id, true) : others;
  }, [view.templates, draft]);

  const submit = async () => {
    const ok = await save(templates, (error) => {
      // A syntax error of this template goes on its line in the editor.
      const refused = error instanceof ApiError ? (error.jsonData as { code?: string; params?: { template?: string; line?: number | null } } | undefined) : undefined;
      if (refused?.code === 'templateSyntaxError' && refused.params?.template === draft.name) {
        setFound({ body: draft.body, errors: [{ line: refused.params.line ?? 1, message: replyErrorText(error) }] });
      }
    });
    if (ok) {
      setSaved(draft);
      setFound(null);
    }
    return ok;
  };
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: submit });
  const errors = found?.body === draft.body ? found.errors : [];

  return (
    <>
      {guard}
      <Tabs id="reply-template-tabs" selectedTabId={tab} onChange={(id) => setSearch({ tab: String(id) }, { replace: true })} renderActiveTabPanelOnly>
        <Tab id="includes" title={t('editor.tabs.includes')} panel={<IncludesTab templates={templates} name={draft.name} />} />
        <Tab
          id="templates"
          title={t('editor.tabs.templates')}
          panel={<TemplateTab draft={draft} onChange={setDraft} categories={view.categories} readOnly={!canEdit} errors={errors} />}
        />
        <Tab
          id="tests"
          title={t('editor.tabs.tests')}
          panel={<TestsTab templates={templates} name={draft.name} onLineError={(error) => setFound({ body: draft.body, errors: error ? [error] : [] })} />}
        />
        <Tab id="documentation" title={t('editor.tabs.documentation')} panel={<DocumentationTab />} />
        <Tab id="errors" title={t('editor.tabs.errors')} panel={<ErrorsTab name={saved.name} />} />
      </Tabs>
      {canEdit && (
        <div className="p-toolbar">
          <Button intent={Intent.PRIMARY} text={t('actions.save')} disabled={!dirty} loading={saving} onClick={() => void submit()} />
        </div>
      )}
    </>
  );
}
