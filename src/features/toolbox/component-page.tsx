/**
 * Toolbox → components/{componentId}: a component's kit, notes and entity, edited with
 * the field descriptors of its type (component-form.ts) and checked with the same contract schema
 * as in an environment; `new` (with `?kit=`) creates one from scratch.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, HTMLSelect, Intent, TextArea } from '@blueprintjs/core';
import { Spinner } from '../../ui/spinner';
import { Pending } from '../../ui/pending';
import { BreadcrumbTrail } from '../../ui/breadcrumb-trail';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { toolboxQueries } from '../../api/toolbox-query';
import { NLU_LANGUAGES } from '../../contract/environments';
import { COMPONENT_TYPES, createComponent, deleteComponent, updateComponent, type Component, type ComponentType } from '../../contract/toolbox';
import { AutoForm } from '../../ui/auto-form';
import { confirm } from '../../ui/dialogs/dialog-service';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { toolboxErrorText } from '../../ui/toolbox-errors';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { contentOf, dictionaryLanguages, emptyForm, fieldsOf, formOf, type FormValue } from './component-form';
import { toolboxLinks } from './links';
import { useToolboxSave } from './toolbox-save';
import { languageName } from '../../i18n/language-names';
import type { Language } from '../../storage/preferences';
import { jsonErrorText, type Translate as JsonTranslate } from '../../i18n/json-error-text';
import { LoadError } from '../../ui/load-error';
import { Field, Form } from '../../ui/form';

const SnippetEditor = lazy(() => import('./snippet-editor'));

export function ComponentPage({ orgaId, componentId, kitId }: { orgaId: string; componentId: string; kitId: string | null }) {
  const { t } = useTranslation(['toolbox', 'common']);
  const isNew = componentId === 'new';
  const existing = useQuery({ ...toolboxQueries.component(orgaId, componentId), enabled: !isNew });
  if (isNew) return <ComponentEditor orgaId={orgaId} existing={null} initialKitId={kitId ?? ''} />;
  if (existing.isPending) return <Pending queries={[existing]} aria-label={t('component.loading')} />;
  if (existing.isError) return <LoadError
        title={t('component.error')}
        query={existing}
        missing={{ text: t('common:missing.text.component'), back: kitId ? { to: toolboxLinks.kit(orgaId, kitId), text: t('common:missing.back.kit') } : { to: toolboxLinks.kits(orgaId), text: t('common:missing.back.kits') } }}
      />;
  return <ComponentEditor key={existing.data.updatedAt} orgaId={orgaId} existing={existing.data} initialKitId={existing.data.kitId} />;
}

interface Draft {
  type: ComponentType;
  kitId: string;
  notes: string;
  form: FormValue;
}

function ComponentEditor({ orgaId, existing, initialKitId }: { orgaId: string; existing: Component | null; initialKitId: string }) {
  const { t, i18n } = useTranslation(['toolbox', 'routes']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const kits = useQuery(toolboxQueries.kits(orgaId));
  const initial = useMemo<Draft>(
    () => (existing ? { type: existing.type, kitId: existing.kitId, notes: existing.notes, form: formOf(existing) } : { type: 'archetype', kitId: initialKitId, notes: '', form: emptyForm('archetype') }),
    [existing, initialKitId],
  );
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const { save: send, saving } = useToolboxSave(orgaId, () => setSaved(draft));
  const editable = existing ? existing.editable : kits.data?.editable === true;
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const { content, errors } = contentOf(draft.type, draft.form, (error) => jsonErrorText(t as unknown as JsonTranslate, error));
  const kitChoices = (kits.data?.kits ?? []).filter((kit) => !kit.published || kit.id === draft.kitId);

  // What is wrong shows on a field once the user changed it, and on every field after a save.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const shownErrors = submitted ? errors : Object.fromEntries(Object.entries(errors).filter(([name]) => touched.has(name)));

  const save = async () => {
    setSubmitted(true);
    if (content === null || draft.kitId === '') return false;
    const body = { kitId: draft.kitId, notes: draft.notes, ...content };
    return send(
      () => (existing ? request(updateComponent, { params: { orgaId, componentId: existing.id }, body }) : request(createComponent, { params: { orgaId }, body })),
      (answer) => {
        if (!existing) void navigate(toolboxLinks.component(orgaId, answer.id), { replace: true });
      },
    );
  };
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save });

  const remove = async () => {
    if (!existing || !(await confirm({ body: t('component.deleteConfirm', { name: existing.name }), danger: true }))) return;
    try {
      await request(deleteComponent, { params: { orgaId, componentId: existing.id } });
      setSaved(draft);
      await queryClient.invalidateQueries({ queryKey: toolboxQueries.organisation(orgaId) });
      void navigate(toolboxLinks.kit(orgaId, existing.kitId));
    } catch (error) {
      toast.error({ summary: tr('errors:generic.delete.failure'), detail: toolboxErrorText(error) });
    }
  };

  const setForm = (form: FormValue) => {
    const changed = Object.keys(form).filter((name) => JSON.stringify(form[name]) !== JSON.stringify(draft.form[name]));
    if (changed.length > 0) setTouched(new Set([...touched, ...changed]));
    setDraft({ ...draft, form });
  };
  const unusedLanguages = draft.type === 'archetype' ? NLU_LANGUAGES.filter((code) => !dictionaryLanguages(draft.form).includes(code)) : [];
  const kitName = kits.data?.kits.find((kit) => kit.id === draft.kitId)?.name ?? existing?.kitName ?? '';

  return (
    <section className="p-page">
      {guard}
      <BreadcrumbTrail
        items={[{ text: t('routes:kits'), href: toolboxLinks.kits(orgaId) }, ...(draft.kitId ? [{ text: kitName, href: toolboxLinks.kit(orgaId, draft.kitId) }] : []), { text: existing?.name ?? t('component.new'), current: true }]}
      />
      <div className="p-page__header">
        <h1 className="p-page__title">{existing?.name ?? t('component.new')}</h1>
        <div className="p-toolbar">{existing && editable && <Button icon="trash" intent={Intent.DANGER} text={t('component.delete')} onClick={() => void remove()} />}</div>
      </div>
      {!editable && <Callout intent={Intent.PRIMARY}>{t('kit.readOnly')}</Callout>}
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field label={t('component.type')} labelFor="component-type">
          <HTMLSelect
            id="component-type"
            value={draft.type}
            disabled={existing !== null || !editable}
            onChange={(event) => {
              const type = event.currentTarget.value as ComponentType;
              setDraft({ ...draft, type, form: emptyForm(type) });
              setTouched(new Set());
              setSubmitted(false);
            }}
            options={COMPONENT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          />
        </Field>
        <Field label={t('component.kit')} labelFor="component-kit" helperText={draft.kitId === '' ? t('component.pickKit') : undefined} intent={draft.kitId === '' ? Intent.DANGER : Intent.NONE}>
          <HTMLSelect
            id="component-kit"
            value={draft.kitId}
            disabled={!editable}
            onChange={(event) => setDraft({ ...draft, kitId: event.currentTarget.value })}
            options={[{ value: '', label: '—' }, ...kitChoices.map((kit) => ({ value: kit.id, label: kit.name }))]}
          />
        </Field>
        <Field label={t('fields.notes')} labelFor="component-notes">
          <TextArea id="component-notes" fill value={draft.notes} disabled={!editable} onChange={(event) => setDraft({ ...draft, notes: event.currentTarget.value })} />
        </Field>
        <AutoForm id="entity" fields={fieldsOf(draft.type, draft.form, t as (key: string, options?: Record<string, unknown>) => string, !editable, (code) => languageName(code, i18n.language as Language))} value={draft.form} onChange={setForm} errors={shownErrors} />
        {unusedLanguages.length > 0 && editable && (
          <HTMLSelect aria-label={t('entity.addLanguage')} value="" onChange={(event) => setForm({ ...draft.form, [`dictionary_${event.currentTarget.value}`]: '' })} options={[{ value: '', label: t('entity.addLanguage') }, ...unusedLanguages.map((code) => ({ value: code, label: languageName(code, i18n.language as Language) }))]} />
        )}
        {draft.type === 'extraction_snippet' && (
          <Field label={t('entity.program')} helperText={shownErrors.program}>
            <Suspense fallback={<Spinner size={20} />}>
              <SnippetEditor value={String(draft.form.program ?? '')} onChange={(program) => setForm({ ...draft.form, program })} errors={[]} label={t('entity.program')} readOnly={!editable} />
            </Suspense>
          </Field>
        )}
        {editable && (
          <div className="p-toolbar" style={{ marginTop: '1rem' }}>
            <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} loading={saving} disabled={!dirty || draft.kitId === ''} />
          </div>
        )}
      </Form>
    </section>
  );
}
