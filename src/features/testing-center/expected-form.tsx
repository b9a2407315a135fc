/**
 * The expected values of one message, one card per classification kind shown: a "qualified" switch
 * and the entries, each typed by its value format (§3) with the control for it (text, number,
 * yes/no, list of items, JSON object). Categories kinds have no key (it is `category`); attachment
 * kinds name the attachment among the message's files.
 */
import { Button, Callout, Card, HTMLSelect, InputGroup, Intent, Switch, TextArea } from '@blueprintjs/core';
import { TagInput } from '../../ui/tag-input';
import { useTranslation } from 'react-i18next';
import { VALUE_FORMATS, type ClassificationKind, type ValueFormat } from '../../contract/testing-center';
import { ATTACHMENT_KINDS, CATEGORY_KINDS, emptyRaw, type Draft, type DraftEntry, type EntryProblem } from './expected-draft';
import { Field } from '../../ui/form';

export function ExpectedForm({
  kinds,
  draft,
  problems,
  attachments,
  onChange,
}: {
  kinds: readonly ClassificationKind[];
  draft: Draft;
  problems: Partial<Record<ClassificationKind, Record<number, EntryProblem>>>;
  /** File names of the message's attachments, offered for the attachment kinds. */
  attachments: readonly string[];
  onChange: (draft: Draft) => void;
}) {
  const { t } = useTranslation('testingCenter');
  const setKind = (kind: ClassificationKind, change: Partial<Draft[ClassificationKind]>) => onChange({ ...draft, [kind]: { ...draft[kind], ...change } });
  const setEntry = (kind: ClassificationKind, index: number, change: Partial<DraftEntry>) =>
    setKind(kind, { entries: draft[kind].entries.map((entry, i) => (i === index ? { ...entry, ...change } : entry)) });

  if (kinds.length === 0) return <Callout intent="warning">{t('qualification.noKinds')}</Callout>;
  return (
    <div className="p-expected" data-testid="expected-form">
      {kinds.map((kind) => (
        <Card key={kind} compact data-kind={kind} style={{ marginBottom: '0.75rem' }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <h4 style={{ margin: 0 }}>{t(`kinds.${kind}`)}</h4>
            <Switch
              label={t('qualification.kindQualified')}
              checked={draft[kind].qualified}
              onChange={(event) => setKind(kind, { qualified: event.currentTarget.checked })}
              style={{ margin: 0 }}
              data-testid={`qualified-${kind}`}
            />
          </div>
          {draft[kind].entries.length === 0 && <p className="bp6-text-muted">{CATEGORY_KINDS.includes(kind) ? t('qualification.noCategory') : t('qualification.noValue')}</p>}
          {draft[kind].entries.map((entry, index) => {
            const problem = problems[kind]?.[index];
            const id = `expected-${kind}-${index}`;
            return (
              <div key={index} className="p-expected__entry" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'flex-start', marginTop: '0.5rem' }}>
                {!CATEGORY_KINDS.includes(kind) && (
                  <Field label={t('qualification.key')} labelFor={`${id}-key`} style={{ margin: 0 }}>
                    <InputGroup id={`${id}-key`} small value={entry.key} onValueChange={(key) => setEntry(kind, index, { key })} intent={problem === 'keyMissing' ? Intent.DANGER : Intent.NONE} />
                  </Field>
                )}
                {ATTACHMENT_KINDS.includes(kind) && (
                  <Field label={t('qualification.attachment')} labelFor={`${id}-document`} style={{ margin: 0 }}>
                    <HTMLSelect id={`${id}-document`} value={entry.document} onChange={(event) => setEntry(kind, index, { document: event.currentTarget.value })} options={[{ value: '', label: '—' }, ...attachments.map((name) => ({ value: name, label: name }))]} />
                  </Field>
                )}
                <Field label={t('qualification.format')} labelFor={`${id}-format`} style={{ margin: 0 }}>
                  <HTMLSelect
                    id={`${id}-format`}
                    value={entry.format}
                    onChange={(event) => {
                      const format = event.currentTarget.value as ValueFormat;
                      setEntry(kind, index, { format, raw: emptyRaw(format) });
                    }}
                    options={VALUE_FORMATS.map((format) => ({ value: format, label: t(`formats.${format}`) }))}
                  />
                </Field>
                <Field
                  label={CATEGORY_KINDS.includes(kind) ? t('qualification.category') : t('qualification.value')}
                  labelFor={`${id}-value`}
                  style={{ margin: 0, flex: 1, minWidth: 180 }}
                  helperText={problem && problem !== 'keyMissing' ? t(`qualification.problems.${problem}`) : problem === 'keyMissing' ? t('qualification.problems.keyMissing') : undefined}
                  intent={problem ? Intent.DANGER : Intent.NONE}
                >
                  <ValueControl id={`${id}-value`} entry={entry} onChange={(raw) => setEntry(kind, index, { raw })} />
                </Field>
                <Button minimal small icon="cross" aria-label={t('qualification.removeValue')} onClick={() => setKind(kind, { entries: draft[kind].entries.filter((_, i) => i !== index) })} style={{ marginTop: 20 }} />
              </div>
            );
          })}
          <Button
            minimal
            small
            icon="add"
            text={t('qualification.addValue')}
            onClick={() => setKind(kind, { entries: [...draft[kind].entries, { key: CATEGORY_KINDS.includes(kind) ? 'category' : '', document: '', format: 'string', raw: '' }] })}
          />
        </Card>
      ))}
    </div>
  );
}

function ValueControl({ id, entry, onChange }: { id: string; entry: DraftEntry; onChange: (raw: DraftEntry['raw']) => void }) {
  const { t } = useTranslation('testingCenter');
  switch (entry.format) {
    case 'boolean':
      return <Switch id={id} checked={entry.raw === true} label={entry.raw === true ? t('qualification.yes') : t('qualification.no')} onChange={(event) => onChange(event.currentTarget.checked)} />;
    case 'array':
      return <TagInput inputProps={{ id }} values={Array.isArray(entry.raw) ? entry.raw : []} addOnBlur separator={/[\n]/} onChange={(values) => onChange(values.map(String))} />;
    case 'object':
      return <TextArea id={id} fill rows={3} value={String(entry.raw)} onChange={(event) => onChange(event.currentTarget.value)} style={{ fontFamily: 'monospace' }} />;
    case 'number':
      return <InputGroup id={id} small inputMode="decimal" value={String(entry.raw)} onValueChange={onChange} />;
    case 'string':
      return <InputGroup id={id} small value={String(entry.raw)} onValueChange={onChange} />;
  }
}
