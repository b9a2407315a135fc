/**
 * Advanced categorization (§2.4, §5): the module's Liquid program in the code editor, enabled or
 * not, with its syntax errors on their lines ("Syntax error in your configuration", line and
 * message) from a refused save, the saved configuration's messages or a test, and the test panel
 * running the program being edited.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { Spinner } from '../../../ui/spinner';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import type { CategorizationSettings, ConfigurationMessage } from '../../../contract/categorization';
import { AutoForm } from '../../../ui/auto-form';
import { ListState } from '../../../ui/list-state';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { CategorizationFrame, useCategorizationEnv } from './categorization-frame';
import { ConfigurationMessages } from './configuration-messages';
import { configurationMessageText } from './messages';
import { categorizationQueries } from './queries';
import { TestPanel } from './test-panel';
import { useConfigEditor } from './use-config-editor';
import { Form } from '../../../ui/form';

const LiquidEditor = lazy(() => import('./liquid-editor'));

export function AdvancedCategorizationPage() {
  const { t } = useTranslation(['categorization', 'routes']);
  const { envId, moduleId, projectId } = useCategorizationEnv();
  const settings = useQuery(categorizationQueries.categorization(envId, moduleId));
  return (
    <CategorizationFrame
      title={t('routes:categorizationAdvanced')}
      crumbs={[
        { text: t('routes:categorization'), to: paths.categorization(projectId, envId) },
        { text: settings.data?.module.name ?? moduleId, to: paths.categorizationModule(projectId, envId, moduleId) },
      ]}
    >
      <ListState query={settings} errorText={t('categories.error')}>
        {settings.data && <AdvancedEditor key={moduleId} settings={settings.data} />}
      </ListState>
    </CategorizationFrame>
  );
}

/** The syntax errors among messages, as line errors of the program. */
export function syntaxErrors(messages: readonly ConfigurationMessage[]) {
  return messages
    .filter((message) => message.code === 'advancedSyntaxError')
    .map((message) => ({ line: Number(message.params.line) || 1, message: configurationMessageText(message) }));
}

function AdvancedEditor({ settings }: { settings: CategorizationSettings }) {
  const { t } = useTranslation('categorization');
  const { envId, canEdit } = useCategorizationEnv();
  const editor = useConfigEditor(envId, settings);
  const { draft } = editor;
  // Errors belong to the program they were found in: typing hides them until the next save or test.
  const [tested, setTested] = useState<{ program: string; messages: ConfigurationMessage[] } | null>(null);
  // The program the editor's messages (from loading or the last save) were found in.
  const [checked, setChecked] = useState(settings.config.advanced.program);
  const guard = useUnsavedChangesGuard({ when: editor.dirty, onSave: () => editor.save() });
  const errors = useMemo(() => {
    const program = draft.advanced.program;
    const found = tested?.program === program ? tested.messages : checked === program ? editor.messages : [];
    return syntaxErrors(found);
  }, [tested, checked, draft.advanced.program, editor.messages]);
  const others = editor.messages.filter((message) => message.code !== 'advancedSyntaxError');

  return (
    <>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          setTested(null);
          setChecked(draft.advanced.program);
          void editor.save();
        }}
      >
        {guard}
        <ConfigurationMessages messages={others} />
        <AutoForm
          id="advanced"
          fields={[{ name: 'enabled', kind: 'switch', label: t('advanced.enabled'), help: t('advanced.enabledHelp'), disabled: !canEdit }]}
          value={{ enabled: draft.advanced.enabled }}
          onChange={(value) => editor.setDraft({ ...draft, advanced: { ...draft.advanced, enabled: value.enabled } })}
        />
        <Suspense fallback={<Spinner size={24} />}>
          <LiquidEditor
            label={t('advanced.program')}
            value={draft.advanced.program}
            readOnly={!canEdit}
            errors={errors}
            onChange={(program) => editor.setDraft((current) => ({ ...current, advanced: { ...current.advanced, program } }))}
          />
        </Suspense>
        <p className="bp6-text-muted">{t('advanced.help')}</p>
        {errors.length > 0 ? (
          <Callout intent={Intent.DANGER} compact data-testid="advanced-errors">
            <ul>
              {errors.map((error, index) => (
                <li key={index}>{error.message}</li>
              ))}
            </ul>
          </Callout>
        ) : (
          tested?.program === draft.advanced.program && <Callout intent={Intent.SUCCESS} compact>{t('advanced.noErrors')}</Callout>
        )}
        {canEdit && (
          <div className="p-toolbar">
            <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} disabled={!editor.dirty} loading={editor.saving} />
          </div>
        )}
      </Form>
      <TestPanel moduleId={settings.module.id} config={draft} onResult={(result) => setTested({ program: draft.advanced.program, messages: result.messages })} />
    </>
  );
}
