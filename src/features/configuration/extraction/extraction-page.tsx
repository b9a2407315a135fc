/**
 * configuration/extraction/:moduleId (§2.4 Information extraction): one extraction module with its
 * tabs Information (fields and named snippets), Tests and Documentation (`?tab=`). One draft for
 * the whole module, saved with the Save button; leaving with unsaved changes asks first.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button, Callout, Intent, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import type { ExtractionSettings } from '../../../contract/extraction';
import { ListState } from '../../../ui/list-state';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { DocumentationTab } from './documentation-tab';
import { ConfigurationFrame, useConfigurationEnv } from '../shared/configuration-frame';
import { FieldsTab } from './fields-tab';
import { extractionErrorText, messageText } from './messages';
import { extractionQueries } from './queries';
import { TestsTab } from './tests-tab';
import { useExtractionEditor } from './use-extraction-editor';
import { EnvSaveToToolbox } from '../shared/save-to-toolbox';

const TABS = ['information', 'tests', 'documentation'] as const;
type TabId = (typeof TABS)[number];

export function ExtractionPage() {
  const { t } = useTranslation(['extraction', 'routes']);
  const { envId, moduleId, projectId } = useConfigurationEnv();
  const settings = useQuery(extractionQueries.settings(envId, moduleId));
  return (
    <ConfigurationFrame
      title={settings.data?.module.name ?? t('routes:extraction')}
      crumbs={[{ text: t('routes:extraction'), to: paths.extraction(projectId, envId) }]}
      actions={settings.data && <EnvSaveToToolbox type="extraction_module" name={settings.data.module.name} />}
    >
      <ListState query={settings} error={settings.error ? new Error(extractionErrorText(settings.error)) : null} errorText={t('page.error')}>
        {settings.data && <ExtractionEditorView key={moduleId} settings={settings.data} />}
      </ListState>
    </ConfigurationFrame>
  );
}

function ExtractionEditorView({ settings }: { settings: ExtractionSettings }) {
  const { t } = useTranslation('extraction');
  const { envId, projectId, canEdit } = useConfigurationEnv();
  const [search] = useSearchParams();
  // The tab is kept in the page, not the URL: a URL change would stop at the unsaved-changes guard,
  // and testing unsaved fields is the point of the Tests tab. `?tab=` only opens a tab.
  const [tab, setTab] = useState<TabId>(() => ((TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as TabId) : 'information'));
  const editor = useExtractionEditor(envId, settings);
  const guard = useUnsavedChangesGuard({ when: editor.dirty, onSave: () => editor.save() });
  const blocking = editor.messages.filter((message) => message.severity === 'error');
  return (
    <>
      {guard}
      {canEdit && (
        <div className="p-toolbar">
          <Button icon="floppy-disk" intent={Intent.PRIMARY} text={t('actions.save')} disabled={!editor.dirty || editor.invalid.size > 0 || blocking.length > 0} loading={editor.saving} onClick={() => void editor.save()} />
        </div>
      )}
      {blocking.length > 0 && (
        <Callout intent={Intent.DANGER} compact data-testid="extraction-messages">
          <ul>
            {blocking.map((message, index) => (
              <li key={index}>{messageText(message)}</li>
            ))}
          </ul>
        </Callout>
      )}
      <Tabs id="extraction-tabs" selectedTabId={tab} onChange={(id) => setTab(id as TabId)} renderActiveTabPanelOnly>
        <Tab id="information" title={t('tabs.information')} panel={<FieldsTab editor={editor} settings={settings} canEdit={canEdit} />} />
        <Tab id="tests" title={t('tabs.tests')} panel={<TestsTab editor={editor} projectId={projectId} envId={envId} moduleId={settings.module.id} canEdit={canEdit} />} />
        <Tab id="documentation" title={t('tabs.documentation')} panel={<DocumentationTab />} />
      </Tabs>
    </>
  );
}
