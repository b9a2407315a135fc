/**
 * The Information tab: the module's fields (name, label, format, source) with an editor for the one
 * opened (AutoForm descriptors, field-form.ts), and the named snippets. Edits go to the draft; the
 * page's Save button stores them (unsaved-changes guard on the page). Deleting asks first.
 */
import { useState } from 'react';
import { Button, ButtonGroup, Callout, Card, H2, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ExtractionField, ExtractionSettings, ExtractionSnippet } from '../../../contract/extraction';
import { AutoForm } from '../../../ui/auto-form';
import { confirm } from '../../../ui/dialogs/dialog-service';
import { tr } from '../../../ui/message';
import { fieldDescriptors, formKeyOf, fromForm, toForm } from './field-form';
import { messageText } from './messages';
import type { ExtractionEditor } from './use-extraction-editor';
import { newId } from './use-extraction-editor';
import { EmptyState } from '../../../ui/empty-state';
import { DataTable } from '../../../ui/data-table';

function freeName(fields: readonly ExtractionField[]): string {
  for (let n = fields.length + 1; ; n++) if (!fields.some((field) => field.name === `champ${n}`)) return `champ${n}`;
}

export function FieldsTab({ editor, settings, canEdit }: { editor: ExtractionEditor; settings: ExtractionSettings; canEdit: boolean }) {
  const { t } = useTranslation('extraction');
  const { draft, setDraft } = editor;
  const [openId, setOpenId] = useState<string | null>(null);
  const openIndex = draft.fields.findIndex((field) => field.id === openId);
  const open = openIndex >= 0 ? draft.fields[openIndex]! : null;

  const add = () => {
    const field: ExtractionField = { id: newId('field'), name: freeName(draft.fields), label: '', format: 'string', source: { type: 'builtin', builtin: 'date', which: 'first' } };
    setDraft((current) => ({ ...current, fields: [...current.fields, field] }));
    setOpenId(field.id);
  };
  const remove = async (field: ExtractionField) => {
    if (!(await confirm({ title: tr('extraction:fields.deleteTitle'), body: tr('extraction:fields.deleteConfirm', { name: field.name }), danger: true }))) return;
    setDraft((current) => ({ ...current, fields: current.fields.filter((item) => item.id !== field.id) }));
    if (openId === field.id) setOpenId(null);
  };
  const errorsOf = (index: number) => {
    const errors: Record<string, string> = {};
    for (const message of editor.messages) {
      if (message.path[0] !== 'fields' || message.path[1] !== String(index)) continue;
      const key = formKeyOf(message.path);
      if (key !== null) errors[key] = messageText(message);
    }
    for (const path of editor.invalid) {
      const parts = path.split('.');
      if (parts[0] !== 'fields' || parts[1] !== String(index)) continue;
      const key = formKeyOf(parts);
      if (key !== null) errors[key] ??= key === 'name' ? t('form.nameHelp') : t('form.invalid');
    }
    return errors;
  };

  return (
    <>
      <H2 className="p-card-heading">{t('fields.title')}</H2>
      {draft.fields.length === 0 ? (
        <EmptyState icon="th-derived" title={t('fields.empty')} />
      ) : (
        <DataTable className="p-table" compact aria-label={t('fields.title')}>
          <thead>
            <tr>
              <th>{t('fields.name')}</th>
              <th>{t('fields.label')}</th>
              <th>{t('fields.format')}</th>
              <th>{t('fields.source')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {draft.fields.map((field, index) => (
              <tr key={field.id} data-testid="extraction-field-row" className={Object.keys(errorsOf(index)).length > 0 ? 'p-row--error' : undefined}>
                <td>
                  <code>{field.name}</code>
                </td>
                <td>{field.label}</td>
                <td>{t(`formats.${field.format}`)}</td>
                <td>{t(`sourceTypes.${field.source.type}`)}</td>
                <td>
                  <ButtonGroup variant="minimal">
                    <Button icon="edit" aria-label={t('fields.editOf', { name: field.name })} onClick={() => setOpenId(openId === field.id ? null : field.id)} />
                    {canEdit && <Button icon="trash" intent={Intent.DANGER} aria-label={t('fields.deleteOf', { name: field.name })} onClick={() => void remove(field)} />}
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {canEdit && (
        <div className="p-toolbar">
          <Button icon="add" text={t('fields.add')} onClick={add} />
        </div>
      )}
      {open && (
        <Card data-testid="extraction-field-editor" aria-label={t('fields.editorTitle', { name: open.name })}>
          <H2 className="p-card-heading">{t('fields.editorTitle', { name: open.name })}</H2>
          <AutoForm
            id={`field-${open.id}`}
            fields={fieldDescriptors(t, toForm(open), { interactions: settings.interactions, snippets: draft.snippets.map((snippet) => snippet.name), disabled: !canEdit })}
            value={toForm(open)}
            errors={errorsOf(openIndex)}
            onChange={(value) => setDraft((current) => ({ ...current, fields: current.fields.map((field) => (field.id === open.id ? fromForm(open.id, value) : field)) }))}
          />
          <Button text={t('actions.done')} onClick={() => setOpenId(null)} />
        </Card>
      )}
      <SnippetsSection editor={editor} canEdit={canEdit} />
    </>
  );
}

function SnippetsSection({ editor, canEdit }: { editor: ExtractionEditor; canEdit: boolean }) {
  const { t } = useTranslation('extraction');
  const { draft, setDraft } = editor;
  const update = (index: number, snippet: ExtractionSnippet) => setDraft((current) => ({ ...current, snippets: current.snippets.map((item, i) => (i === index ? snippet : item)) }));
  const add = () => setDraft((current) => ({ ...current, snippets: [...current.snippets, { name: `snippet${current.snippets.length + 1}`, description: '', program: '' }] }));
  const remove = async (index: number) => {
    if (!(await confirm({ body: tr('extraction:snippets.deleteConfirm', { name: draft.snippets[index]!.name }), danger: true }))) return;
    setDraft((current) => ({ ...current, snippets: current.snippets.filter((_, i) => i !== index) }));
  };
  return (
    <section aria-labelledby="extraction-snippets-title">
      <H2 className="p-card-heading" id="extraction-snippets-title">{t('snippets.title')}</H2>
      <p className="bp6-text-muted">{t('snippets.help')}</p>
      {draft.snippets.length === 0 && <p className="bp6-text-muted">{t('snippets.empty')}</p>}
      {draft.snippets.map((snippet, index) => {
        const problems = editor.messages.filter((message) => message.path[0] === 'snippets' && message.path[1] === String(index));
        return (
          <Card key={index} data-testid="extraction-snippet">
            <AutoForm
              id={`snippet-${index}`}
              fields={[
                { name: 'name', kind: 'text', label: t('snippets.name'), disabled: !canEdit },
                { name: 'description', kind: 'text', label: t('snippets.description'), disabled: !canEdit },
                { name: 'program', kind: 'textarea', label: t('snippets.program'), disabled: !canEdit },
              ]}
              value={snippet}
              onChange={(value) => update(index, value)}
            />
            {problems.length > 0 && (
              <Callout intent={Intent.DANGER} compact>
                {problems.map((message, i) => (
                  <p key={i}>{messageText(message)}</p>
                ))}
              </Callout>
            )}
            {canEdit && <Button icon="trash" intent={Intent.DANGER} variant="minimal" text={t('snippets.deleteOf', { name: snippet.name })} onClick={() => void remove(index)} />}
          </Card>
        );
      })}
      {canEdit && (
        <div className="p-toolbar">
          <Button icon="add" text={t('snippets.add')} onClick={add} />
        </div>
      )}
    </section>
  );
}
