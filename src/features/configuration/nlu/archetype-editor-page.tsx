/**
 * Archetype editor (§2.4): name and notes (AutoForm), one dictionary tab per language in the code
 * editor with its errors inline (the engine's checkDictionary as you type, the server's on save),
 * and the variation helper. Saving keeps what was typed even with configuration errors (the server
 * stores it and reports them).
 */
import { DictionaryValuesPreview } from '../shared/dictionary-values-preview';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout, HTMLSelect, Intent, Tab, TabPanel, Tabs } from '@blueprintjs/core';
import { Spinner } from '../../../ui/spinner';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { NLU_LANGUAGES } from '../../../contract/environments';
import { archetypeEndpoints, archetypeInputSchema, type Archetype } from '../../../contract/nlu';
import { NEW_ITEM, paths } from '../../../app/paths';
import { AutoForm, fieldErrors, type AutoField } from '../../../ui/auto-form';
import { MissingItemError } from '../../../ui/missing-item';
import { ListState } from '../../../ui/list-state';
import { ShowInGraphLink } from '../../../ui/show-in-graph-link';
import { entityKey } from '../../../configuration-problems';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { BUILTIN_ARCHETYPES, checkDictionary, type NluLanguage } from './engine';
import { directivesOf } from './dictionary-stats';
import { RunTrialSection } from '../../../ui/what-if/run-trial-section';
import { configErrorText } from './nlu-errors';
import { NluPage, useNluEnv } from './nlu-page';
import { nluQueries } from './queries';
import { useNluItemSave } from './nlu-item-actions';
import { VariationHelper } from './variation-helper';
import { EnvSaveToToolbox } from '../shared/save-to-toolbox';
import { languageName } from '../../../i18n/language-names';
import type { Language } from '../../../storage/preferences';
import { Form } from '../../../ui/form';

const DictionaryEditor = lazy(() => import('./dictionary-editor'));

interface Draft extends Record<string, unknown> {
  name: string;
  notes: string;
  dictionaries: Partial<Record<NluLanguage, string>>;
}

export function ArchetypeEditorPage() {
  const { t } = useTranslation(['nlu', 'routes', 'common']);
  const { envId, projectId } = useNluEnv();
  const { archetypeId = NEW_ITEM } = useParams();
  const list = useQuery(nluQueries.archetypes(envId));
  const existing = list.data?.find((archetype) => archetype.id === archetypeId);
  const missing = archetypeId !== NEW_ITEM && list.data !== undefined && existing === undefined;
  return (
    <NluPage title={existing?.name ?? (missing ? t('common:missing.crumb.item') : t('archetypes.new'))} parent={{ text: t('routes:nluArchetypes'), to: paths.nlu(projectId, envId, 'archetypes') }} actions={existing && (
        <>
          <ShowInGraphLink projectId={projectId} envId={envId} node={entityKey({ kind: 'archetype', id: existing.id, name: existing.name })} />
          <EnvSaveToToolbox type="archetype" name={existing.name} />
        </>
      )}>
      <ListState query={list} error={list.error ?? (missing ? new MissingItemError(t('archetypes.notFound')) : null)}
        errorText={t('archetypes.error')}
        missing={{ text: t('common:missing.text.archetype'), back: { to: paths.nlu(projectId, envId, 'archetypes'), text: t('common:missing.back.archetypes') } }}
      >
        <ArchetypeEditor key={existing?.id ?? NEW_ITEM} existing={existing} all={list.data ?? []} />
      </ListState>
    </NluPage>
  );
}

function draftOf(archetype: Archetype | undefined): Draft {
  return archetype ? { name: archetype.name, notes: archetype.notes, dictionaries: archetype.dictionaries } : { name: '', notes: '', dictionaries: { fr: '' } };
}

export function ArchetypeEditor({ existing, all }: { existing: Archetype | undefined; all: readonly Archetype[] }) {
  const { t, i18n } = useTranslation('nlu');
  const { envId, projectId, canEdit } = useNluEnv();
  const [saved, setSaved] = useState<Draft>(() => draftOf(existing));
  const [draft, setDraft] = useState<Draft>(saved);
  const languages = Object.keys(draft.dictionaries) as NluLanguage[];
  const [language, setLanguage] = useState<NluLanguage>(languages[0] ?? 'fr');
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const { save, saving, issues, serverErrors } = useNluItemSave({
    envId,
    draft,
    check: (value: Draft) => {
      const parsed = archetypeInputSchema.safeParse(value);
      return parsed.success ? { data: parsed.data } : { issues: fieldErrors(parsed.error.issues, () => t('fields.invalidName')) };
    },
    send: (body) =>
      existing
        ? request(archetypeEndpoints.update, { params: { envId, archetypeId: existing.id }, body })
        : request(archetypeEndpoints.create, { params: { envId }, body }),
    onSaved: setSaved,
    createdPath: existing ? null : (id) => paths.nluArchetype(projectId, envId, id),
  });

  const text = draft.dictionaries[language] ?? '';
  const deferred = useDeferredValue(text);
  const known = useMemo(() => [...all.map((archetype) => archetype.name), ...BUILTIN_ARCHETYPES.map((builtin) => builtin.name), draft.name], [all, draft.name]);
  // Typing errors from the engine itself; the server's errors of this language join them after a save.
  const errors = useMemo(() => {
    const local = checkDictionary(deferred, language, known).map((error) => ({ line: error.line ?? 1, message: configErrorText(error), code: error.code }));
    const remote = serverErrors
      .filter((error) => error.language === language && error.line !== undefined && !local.some((item) => item.line === error.line && item.code === error.code))
      .map((error) => ({ line: error.line!, message: configErrorText(error), code: error.code }));
    return [...local, ...remote].sort((a, b) => a.line - b.line);
  }, [deferred, language, known, serverErrors]);
  const otherErrors = serverErrors.filter((error) => error.language === undefined || error.line === undefined);
  const duplicate = all.some((archetype) => archetype.id !== existing?.id && archetype.name.trim().toLowerCase() === draft.name.trim().toLowerCase());

  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save });

  const fields: AutoField<'name' | 'notes'>[] = [
    { name: 'name', kind: 'text', label: t('fields.name'), required: true, disabled: !canEdit },
    { name: 'notes', kind: 'textarea', label: t('fields.notes'), disabled: !canEdit },
  ];
  const unused = NLU_LANGUAGES.filter((code) => !languages.includes(code));

  return (
    <>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {guard}
        <AutoForm id="archetype" fields={fields} value={draft} onChange={(value) => setDraft({ ...draft, name: value.name, notes: value.notes })} errors={issues} />
        {duplicate && (
          <Callout intent={Intent.WARNING} compact>
            {t('fields.duplicateName', { name: draft.name })}
          </Callout>
        )}
        <div className="p-toolbar">
          <Tabs id="archetype-languages" selectedTabId={language} onChange={(id) => setLanguage(id as NluLanguage)}>
            {languages.map((code) => (
              <Tab key={code} id={code} title={languageName(code, i18n.language as Language)} />
            ))}
          </Tabs>
          {canEdit && unused.length > 0 && (
            <HTMLSelect
              aria-label={t('editor.addLanguage')}
              value=""
              onChange={(e) => {
                const code = e.currentTarget.value as NluLanguage;
                if (!code) return;
                setDraft({ ...draft, dictionaries: { ...draft.dictionaries, [code]: '' } });
                setLanguage(code);
              }}
              options={[{ value: '', label: t('editor.addLanguage') }, ...unused.map((code) => ({ value: code, label: languageName(code, i18n.language as Language) }))]}
            />
          )}
        </div>
        {/* The dictionary editor is the selected language tab's panel: the tab's aria-controls names it. */}
        <TabPanel
          parentId="archetype-languages"
          id={language}
          selectedTabId={language}
          panel={
            <div className="p-nlu-editor">
              <div>
                <Suspense fallback={<Spinner size={24} />}>
                  <DictionaryEditor
                    key={language}
                    label={t('editor.dictionary', { language: languageName(language, i18n.language as Language) })}
                    value={text}
                    readOnly={!canEdit}
                    errors={errors}
                    onChange={(value) => setDraft((current) => ({ ...current, dictionaries: { ...current.dictionaries, [language]: value } }))}
                  />
                </Suspense>
                <p className="bp6-text-muted">{t('editor.syntax')}</p>
                <DictionaryValuesPreview text={text} language={language} />
                {errors.length > 0 && (
                  <Callout intent={Intent.DANGER} compact data-testid="dictionary-errors">
                    <ul>
                      {errors.map((error, index) => (
                        <li key={index}>{error.message}</li>
                      ))}
                    </ul>
                  </Callout>
                )}
                {otherErrors.length > 0 && (
                  <Callout intent={Intent.WARNING} compact>
                    <ul>
                      {otherErrors.map((error, index) => (
                        <li key={index}>{configErrorText(error)}</li>
                      ))}
                    </ul>
                  </Callout>
                )}
              </div>
              <VariationHelper language={language} directives={directivesOf(text)} />
            </div>
          }
        />
        {canEdit && (
          <div className="p-toolbar">
            <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} loading={saving} disabled={!dirty && existing !== undefined} />
          </div>
        )}
      </Form>
      {/* An archetype as saved can be tried with its dictionaries as edited; a new one feeds no interaction yet. */}
      {existing && <RunTrialSection level={2} projectId={projectId} envId={envId} change={{ type: 'archetype', name: existing.name, dictionaries: draft.dictionaries }} />}
    </>
  );
}
