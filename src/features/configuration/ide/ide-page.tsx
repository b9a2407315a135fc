/**
 * The configuration IDE (spec §2.4 "Configuration: an IDE"): the environment's whole
 * configuration as one YAML document in CodeMirror (completion and validation from the contract's
 * JSON Schema), the outline of its entities and a search beside it, and the problems panel below
 * (every syntax and schema error and every §8 configuration message with its line, each a link to
 * it), checked on every change by the same engine the server saves with. Saving shows what changes
 * and creates a version; leaving with unsaved text asks first.
 */
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Intent, Tab, Tabs } from '@blueprintjs/core';
import { Spinner } from '../../../ui/spinner';
import { useTranslation } from 'react-i18next';
import { documentOutline } from '../../../configuration-document/outline';
import { documentProblems } from '../../../configuration-document/problems';
import type { EnvironmentVersion } from '../../../contract/versions';
import { ListState } from '../../../ui/list-state';
import { tr } from '../../../ui/message';
import { toast } from '../../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { ConfigurationFrame, useConfigurationEnv } from '../shared/configuration-frame';
import { DOCUMENT_CHECKERS } from './checkers';
import { OutlinePanel } from './outline-panel';
import { problemText } from './problem-text';
import { ProblemsPanel } from './problems-panel';
import { ideQueries } from './queries';
import { SaveDialog } from './save-dialog';
import { SearchPanel } from './search-panel';

const YamlEditor = lazy(() => import('./yaml-editor'));

export function ConfigurationIdePage() {
  const { t } = useTranslation(['configurationIde', 'routes']);
  const { envId } = useConfigurationEnv();
  const query = useQuery(ideQueries.document(envId));
  return (
    <ConfigurationFrame title={t('routes:configurationIde')}>
      <ListState query={query} errorText={t('loadError')}>
        {query.data && <Ide key={envId} envId={envId} stored={query.data.text} />}
      </ListState>
    </ConfigurationFrame>
  );
}

function Ide({ envId, stored }: { envId: string; stored: string }) {
  const { t } = useTranslation('configurationIde');
  const { canEdit, projectId } = useConfigurationEnv();
  const client = useQueryClient();
  const [base, setBase] = useState(stored);
  const [draft, setDraft] = useState(stored);
  const [goTo, setGoTo] = useState<{ line: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const [side, setSide] = useState<'outline' | 'search'>('outline');
  // Checking a large document takes a moment: typing stays fluid, the panels follow.
  const checkedText = useDeferredValue(draft);
  const checked = useMemo(() => documentProblems(checkedText, DOCUMENT_CHECKERS), [checkedText]);
  const outline = useMemo(() => documentOutline(checked.read.raw, checked.read.lineOf), [checked]);
  const editorProblems = useMemo(() => checked.problems.map((problem) => ({ line: problem.line, severity: problem.severity, message: problemText(problem) })), [checked]);
  const dirty = draft !== base;
  // The stored text changed elsewhere (a structured screen) while this one is untouched: show it.
  if (!dirty && stored !== base) {
    setBase(stored);
    setDraft(stored);
  }
  const guard = useUnsavedChangesGuard({ when: dirty && !saving });
  const pick = (line: number) => setGoTo({ line });

  const saved = async (version: EnvironmentVersion) => {
    setSaving(false);
    toast.success({ summary: tr('errors:generic.save.success'), detail: tr('configurationIde:save.created', { name: version.name }) });
    // Everything the structured screens show may have changed: they read it again.
    await client.invalidateQueries();
    setBase(draft);
  };

  return (
    <div className="p-config-ide">
      {guard}
      <div className="p-toolbar p-config-ide__toolbar">
        {dirty ? <span className="bp6-text-muted">{t('unsaved')}</span> : <span className="bp6-text-muted">{t('upToDate')}</span>}
        <Button icon="reset" text={t('discard')} disabled={!dirty} onClick={() => setDraft(base)} />
        {canEdit && <Button icon="floppy-disk" intent={Intent.PRIMARY} text={t('save.open')} disabled={!dirty} onClick={() => setSaving(true)} />}
      </div>
      {!canEdit && <Callout intent={Intent.PRIMARY}>{t('readOnly')}</Callout>}
      <div className="p-config-ide__body">
        <aside className="p-config-ide__side">
          <Tabs id="configuration-ide-side" selectedTabId={side} onChange={(id) => setSide(id as 'outline' | 'search')}>
            <Tab id="outline" title={t('outline.title')} panel={<OutlinePanel outline={outline} onPick={pick} />} />
            <Tab id="search" title={t('search.title')} panel={<SearchPanel text={draft} onPick={pick} />} />
          </Tabs>
        </aside>
        <div className="p-config-ide__main">
          <Suspense fallback={<Spinner size={30} aria-label={t('loadingEditor')} />}>
            <YamlEditor value={draft} onChange={setDraft} problems={editorProblems} goTo={goTo} label={t('editorLabel')} readOnly={!canEdit} />
          </Suspense>
        </div>
      </div>
      <ProblemsPanel problems={checked.problems} onPick={pick} projectId={projectId} envId={envId} />
      {saving && <SaveDialog envId={envId} text={draft} onClose={() => setSaving(false)} onSaved={(version) => void saved(version)} />}
    </div>
  );
}
