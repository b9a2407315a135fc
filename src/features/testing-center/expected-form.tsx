/**
 * The expected values of one message, one card per classification kind shown, with its state (to
 * look at, to accept, qualified) and a "qualified" switch. Categories are picked from the chosen
 * environment's (the body's, then each attachment's); extracted values are rows whose key is one of
 * the environment's fields (its format follows), each value typed by its format (§3) with the control
 * for it (text, number, yes/no, list of items, JSON object). Every edit marks the kind as looked at,
 * which is what "accept" confirms (expected-draft.ts `acceptConfirmed`).
 */
import { useEffect, useState } from 'react';
import { Button, Callout, Card, HTMLSelect, InputGroup, Intent, Switch, Tag, TextArea } from '@blueprintjs/core';
import { TagInput } from '../../ui/tag-input';
import { useTranslation } from 'react-i18next';
import { VALUE_FORMATS, type ClassificationKind, type ValueFormat } from '../../contract/testing-center';
import type { LabellingVocabulary } from '../../contract/testing-center-bank';
import { ATTACHMENT_KINDS, CATEGORY_KINDS, categoriesIn, emptyRaw, kindState, withCategories, type Draft, type DraftEntry, type DraftKind, type EntryProblem } from './expected-draft';
import { CategoryPicker } from './category-picker';
import { Field } from '../../ui/form';

export function ExpectedForm({
  kinds,
  draft,
  problems,
  attachments,
  attachmentCount,
  vocabulary,
  onChange,
  onValueFocus,
  onLocate,
}: {
  kinds: readonly ClassificationKind[];
  draft: Draft;
  problems: Partial<Record<ClassificationKind, Record<number, EntryProblem>>>;
  /** File names of the message's attachments, offered for the attachment kinds. */
  attachments: readonly string[];
  /** How many attachments the message has; Infinity while its main file is not read yet. */
  attachmentCount: number;
  /** The chosen environment's categories and fields (empty lists while none is chosen). */
  vocabulary: LabellingVocabulary;
  onChange: (draft: Draft) => void;
  /** A value control took the focus: text selected in the message goes there. */
  onValueFocus?: (target: { kind: ClassificationKind; index: number }) => void;
  /** Show where these words stand in the message. */
  onLocate?: (text: string) => void;
}) {
  const { t } = useTranslation('testingCenter');
  const [focusNext, setFocusNext] = useState<string | null>(null);
  useEffect(() => {
    if (focusNext === null) return;
    document.getElementById(focusNext)?.focus();
    setFocusNext(null);
  }, [focusNext]);
  const setKind = (kind: ClassificationKind, change: Partial<Draft[ClassificationKind]>) => onChange({ ...draft, [kind]: { ...draft[kind], ...change, touched: true } });
  const setEntry = (kind: ClassificationKind, index: number, change: Partial<DraftEntry>) =>
    setKind(kind, { entries: draft[kind].entries.map((entry, i) => (i === index ? { ...entry, ...change } : entry)) });
  const addEntry = (kind: ClassificationKind, entry: DraftEntry) => {
    setKind(kind, { entries: [...draft[kind].entries, entry] });
    setFocusNext(`expected-${kind}-${draft[kind].entries.length}-value`);
  };

  if (kinds.length === 0) return <Callout intent="warning">{t('qualification.noKinds')}</Callout>;
  return (
    <div className="p-expected" data-testid="expected-form">
      {kinds.map((kind) => {
        const state = kindState(kind, draft[kind], attachmentCount);
        return (
          <Card key={kind} compact data-kind={kind} data-state={state} style={{ marginBottom: '0.75rem' }}>
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '0.5rem' }}>
              <h4 style={{ margin: 0 }}>
                {t(`kinds.${kind}`)}{' '}
                <Tag minimal round intent={state === 'qualified' ? 'success' : state === 'toAccept' ? 'primary' : 'none'}>
                  {t(`qualification.kindStates.${state}`)}
                </Tag>
              </h4>
              <Switch
                label={t('qualification.kindQualified')}
                checked={draft[kind].qualified}
                onChange={(event) => setKind(kind, { qualified: event.currentTarget.checked })}
                style={{ margin: 0 }}
                data-testid={`qualified-${kind}`}
              />
            </div>
            {CATEGORY_KINDS.includes(kind) ? (
              <CategoryKind kind={kind} draft={draft[kind]} attachments={attachments} vocabulary={vocabulary} onChange={(next) => onChange({ ...draft, [kind]: next })} />
            ) : (
              <FieldEntries
                kind={kind}
                draft={draft[kind]}
                problems={problems[kind] ?? {}}
                attachments={attachments}
                fields={vocabulary.fields.filter((field) => kind !== 'rpa' && field.attachment === ATTACHMENT_KINDS.includes(kind))}
                setEntry={(index, change) => setEntry(kind, index, change)}
                setEntries={(entries) => setKind(kind, { entries })}
                addEntry={(entry) => addEntry(kind, entry)}
                onValueFocus={(index) => onValueFocus?.({ kind, index })}
                onLocate={onLocate}
              />
            )}
          </Card>
        );
      })}
    </div>
  );
}

/** The categories of the body, or of each attachment, picked from the environment's. */
function CategoryKind({
  kind,
  draft,
  attachments,
  vocabulary,
  onChange,
}: {
  kind: ClassificationKind;
  draft: DraftKind;
  attachments: readonly string[];
  vocabulary: LabellingVocabulary;
  onChange: (draft: DraftKind) => void;
}) {
  const { t } = useTranslation('testingCenter');
  const body = kind === 'categories';
  const options = vocabulary.categories.filter((category) => category.target === (body ? 'body' : 'attachment'));
  const documents: (string | null)[] = body ? [null] : [...attachments];
  if (documents.length === 0) return <p className="bp6-text-muted">{t('qualification.noAttachment')}</p>;
  return (
    <>
      {documents.map((document) => {
        const selected = categoriesIn(draft, document);
        return (
          <div key={document ?? ''} style={{ marginTop: '0.5rem' }}>
            {document !== null && <h5 style={{ margin: '0 0 0.25rem' }}>{document}</h5>}
            <CategoryPicker
              label={document === null ? t('qualification.categoriesOfBody') : t('qualification.categoriesOf', { document })}
              options={options}
              selected={selected}
              confirmedNone={selected.length === 0 && (draft.touched || draft.qualified)}
              numbered={body}
              onChange={(names) => onChange(withCategories(draft, document, names))}
            />
          </div>
        );
      })}
    </>
  );
}

/** Extracted values (and RPA values): one row per value, its key picked from the environment's fields. */
function FieldEntries({
  kind,
  draft,
  problems,
  attachments,
  fields,
  setEntry,
  setEntries,
  addEntry,
  onValueFocus,
  onLocate,
}: {
  kind: ClassificationKind;
  draft: DraftKind;
  problems: Record<number, EntryProblem>;
  attachments: readonly string[];
  fields: LabellingVocabulary['fields'];
  setEntry: (index: number, change: Partial<DraftEntry>) => void;
  setEntries: (entries: DraftEntry[]) => void;
  addEntry: (entry: DraftEntry) => void;
  onValueFocus: (index: number) => void;
  onLocate?: (text: string) => void;
}) {
  const { t } = useTranslation('testingCenter');
  const byName = new Map(fields.map((field) => [field.name, field]));
  const fieldText = (name: string) => {
    const field = byName.get(name);
    return field?.label ? `${field.label} (${name})` : name;
  };
  const missing = fields.filter((field) => !draft.entries.some((entry) => entry.key === field.name));
  const attachmentKind = ATTACHMENT_KINDS.includes(kind);
  return (
    <>
      {draft.entries.length === 0 && <p className="bp6-text-muted">{t('qualification.noValue')}</p>}
      {draft.entries.map((entry, index) => {
        const problem = problems[index];
        const id = `expected-${kind}-${index}`;
        const known = byName.has(entry.key);
        return (
          <div key={index} className="p-expected__entry" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'flex-start', marginTop: '0.5rem' }}>
            <Field label={t('qualification.key')} labelFor={`${id}-key`} style={{ margin: 0 }} helperText={entry.key !== '' && !known && fields.length > 0 ? t('qualification.unknownField') : undefined}>
              {fields.length > 0 ? (
                <HTMLSelect
                  id={`${id}-key`}
                  value={entry.key}
                  onChange={(event) => {
                    const field = byName.get(event.currentTarget.value);
                    setEntry(index, field && field.format !== entry.format ? { key: field.name, format: field.format, raw: emptyRaw(field.format) } : { key: event.currentTarget.value });
                  }}
                  options={[
                    ...(entry.key === '' ? [{ value: '', label: t('qualification.chooseField') }] : []),
                    ...(known || entry.key === '' ? [] : [{ value: entry.key, label: entry.key }]),
                    ...fields.map((field) => ({ value: field.name, label: fieldText(field.name) })),
                  ]}
                />
              ) : (
                <InputGroup id={`${id}-key`} small value={entry.key} onValueChange={(key) => setEntry(index, { key })} intent={problem === 'keyMissing' ? Intent.DANGER : Intent.NONE} />
              )}
            </Field>
            {attachmentKind && (
              <Field label={t('qualification.attachment')} labelFor={`${id}-document`} style={{ margin: 0 }}>
                <HTMLSelect id={`${id}-document`} value={entry.document} onChange={(event) => setEntry(index, { document: event.currentTarget.value })} options={[{ value: '', label: '—' }, ...attachments.map((name) => ({ value: name, label: name }))]} />
              </Field>
            )}
            <Field label={t('qualification.format')} labelFor={`${id}-format`} style={{ margin: 0 }}>
              <HTMLSelect
                id={`${id}-format`}
                value={entry.format}
                onChange={(event) => {
                  const format = event.currentTarget.value as ValueFormat;
                  setEntry(index, { format, raw: emptyRaw(format) });
                }}
                options={VALUE_FORMATS.map((format) => ({ value: format, label: t(`formats.${format}`) }))}
              />
            </Field>
            <Field
              label={t('qualification.value')}
              labelFor={`${id}-value`}
              style={{ margin: 0, flex: 1, minWidth: 180 }}
              helperText={problem ? t(`qualification.problems.${problem}`) : entry.evidence ? t('qualification.takenFrom', { file: entry.evidence.file }) : undefined}
              intent={problem ? Intent.DANGER : Intent.NONE}
            >
              <ValueControl id={`${id}-value`} entry={entry} onChange={(raw) => setEntry(index, { raw, evidence: undefined })} onFocus={() => onValueFocus(index)} />
            </Field>
            {onLocate && searchable(entry) && (
              <Button minimal small icon="search-text" aria-label={t('qualification.locate', { value: searchable(entry) })} title={t('qualification.locate', { value: searchable(entry) })} onClick={() => onLocate(searchable(entry)!)} style={{ marginTop: 20 }} />
            )}
            <Button minimal small icon="cross" aria-label={t('qualification.removeValue')} onClick={() => setEntries(draft.entries.filter((_, i) => i !== index))} style={{ marginTop: 20 }} />
          </div>
        );
      })}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem', marginTop: '0.5rem' }}>
        {missing.map((field) => (
          <Button key={field.name} small minimal icon="add" text={field.label || field.name} title={field.name} onClick={() => addEntry({ key: field.name, document: '', format: field.format, raw: emptyRaw(field.format) })} />
        ))}
        <Button minimal small icon="add" text={fields.length > 0 ? t('qualification.addOtherValue') : t('qualification.addValue')} onClick={() => addEntry({ key: '', document: '', format: 'string', raw: '' })} />
      </div>
    </>
  );
}

/** The words to look for in the message for a value: those it was taken from, else the value as written. */
function searchable(entry: DraftEntry): string | null {
  if (entry.evidence) return entry.evidence.quote;
  const text = Array.isArray(entry.raw) ? entry.raw[0] : typeof entry.raw === 'string' && entry.format !== 'object' ? entry.raw : undefined;
  return text && text.trim() !== '' ? text.trim() : null;
}

function ValueControl({ id, entry, onChange, onFocus }: { id: string; entry: DraftEntry; onChange: (raw: DraftEntry['raw']) => void; onFocus: () => void }) {
  const { t } = useTranslation('testingCenter');
  switch (entry.format) {
    case 'boolean':
      return <Switch id={id} checked={entry.raw === true} label={entry.raw === true ? t('qualification.yes') : t('qualification.no')} onChange={(event) => onChange(event.currentTarget.checked)} onFocus={onFocus} />;
    case 'array':
      return <TagInput inputProps={{ id, onFocus }} values={Array.isArray(entry.raw) ? entry.raw : []} addOnBlur separator={/[\n]/} onChange={(values) => onChange(values.map(String))} />;
    case 'object':
      return <TextArea id={id} fill rows={3} value={String(entry.raw)} onChange={(event) => onChange(event.currentTarget.value)} onFocus={onFocus} style={{ fontFamily: 'monospace' }} />;
    case 'number':
      return <InputGroup id={id} small inputMode="decimal" value={String(entry.raw)} onValueChange={onChange} onFocus={onFocus} />;
    case 'string':
      return <InputGroup id={id} small value={String(entry.raw)} onValueChange={onChange} onFocus={onFocus} />;
  }
}
