/**
 * AutoForm: a settings form described as data. A screen lists its fields (kind, label, options,
 * help); this one component renders them with Blueprint controls, keyboard-usable and labelled, and
 * hands back the whole value on each change. Validation stays with the caller (the contract's zod
 * schema), whose issues are shown per field through `errors` (`fieldErrors`: in the reader's words).
 */
import { useState, type ReactNode } from 'react';
import { Checkbox, HTMLSelect, InputGroup, Intent, Switch, TextArea } from '@blueprintjs/core';
import { DateField } from './date-field';
import { NumericInput } from './numeric-input';
import { zodIssueText, type ZodIssueLike } from '../i18n/zod-issue-text';
import { Field } from './form';

interface BaseField<K extends string> {
  name: K;
  label: string;
  help?: ReactNode;
  disabled?: boolean;
  /** Hidden fields are left out (a field that only makes sense for some kinds). */
  hidden?: boolean;
}

export type AutoField<K extends string = string> =
  | (BaseField<K> & { kind: 'text' | 'password' | 'textarea'; placeholder?: string; required?: boolean })
  /**
   * A calendar day (`YYYY-MM-DD`) or a local day and time (`YYYY-MM-DDTHH:mm`, the caller converts
   * it), '' for none; typed and shown in the interface language's format (DateField, spec §9).
   */
  | (BaseField<K> & { kind: 'date' | 'datetime'; required?: boolean })
  /** `nullable`: an emptied field gives null (e.g. "no quota"); otherwise emptying it changes nothing. */
  | (BaseField<K> & { kind: 'number'; min?: number; max?: number; nullable?: boolean })
  | (BaseField<K> & { kind: 'switch' })
  | (BaseField<K> & { kind: 'select'; options: readonly { value: string; label: string }[] })
  | (BaseField<K> & { kind: 'checklist'; options: readonly { value: string; label: string }[] });

export type AutoValue = Record<string, unknown>;

export function AutoForm<V extends AutoValue>({
  id,
  fields,
  value,
  onChange,
  errors = {},
  readOnly = false,
}: {
  /** Prefix of the controls' ids, unique on the page. */
  id: string;
  fields: readonly AutoField<Extract<keyof V, string>>[];
  value: V;
  onChange: (value: V) => void;
  errors?: Partial<Record<string, string>>;
  /** Every field shown but not editable (a reader without the right to change them). */
  readOnly?: boolean;
}) {
  const set = (name: string, fieldValue: unknown) => onChange({ ...value, [name]: fieldValue });
  return (
    <>
      {fields
        .filter((field) => !field.hidden)
        .map((shown) => {
          const field: typeof shown = readOnly ? { ...shown, disabled: true } : shown;
          const controlId = `${id}-${field.name}`;
          const error = errors[field.name];
          const current = value[field.name];
          const intent = error ? Intent.DANGER : Intent.NONE;
          if (field.kind === 'switch') {
            return (
              <Field key={field.name} helperText={error ?? field.help} intent={intent}>
                <Switch id={controlId} label={field.label} checked={Boolean(current)} disabled={field.disabled} onChange={(e) => set(field.name, e.currentTarget.checked)} />
              </Field>
            );
          }
          return (
            <Field key={field.name} label={field.label} labelFor={controlId} helperText={error ?? field.help} intent={intent}>
              {field.kind === 'textarea' ? (
                <TextArea id={controlId} fill value={String(current ?? '')} disabled={field.disabled} intent={intent} onChange={(e) => set(field.name, e.currentTarget.value)} />
              ) : field.kind === 'number' ? (
                <NumberField id={controlId} value={typeof current === 'number' ? current : undefined} min={field.min} max={field.max} nullable={field.nullable} disabled={field.disabled} intent={intent} onChange={(number) => set(field.name, number)} />
              ) : field.kind === 'date' || field.kind === 'datetime' ? (
                <DateField id={controlId} withTime={field.kind === 'datetime'} value={String(current ?? '')} required={field.required} readOnly={field.disabled} onChange={(text) => set(field.name, text)} />
              ) : field.kind === 'select' ? (
                <HTMLSelect id={controlId} value={String(current ?? '')} disabled={field.disabled} onChange={(e) => set(field.name, e.currentTarget.value)} options={[...field.options]} />
              ) : field.kind === 'checklist' ? (
                <div id={controlId} role="group" aria-label={field.label}>
                  {field.options.length === 0 && <span>—</span>}
                  {field.options.map((option) => {
                    const chosen = Array.isArray(current) ? (current as string[]) : [];
                    return (
                      <Checkbox
                        key={option.value}
                        inline
                        label={option.label}
                        disabled={field.disabled}
                        checked={chosen.includes(option.value)}
                        onChange={(e) => set(field.name, e.currentTarget.checked ? [...chosen, option.value] : chosen.filter((item) => item !== option.value))}
                      />
                    );
                  })}
                </div>
              ) : (
                <InputGroup
                  id={controlId}
                  type={field.kind === 'password' ? 'password' : 'text'}
                  autoComplete="off"
                  required={field.required}
                  placeholder={'placeholder' in field ? field.placeholder : undefined}
                  value={String(current ?? '')}
                  disabled={field.disabled}
                  intent={intent}
                  onValueChange={(text) => set(field.name, text)}
                />
              )}
            </Field>
          );
        })}
    </>
  );
}

/** A number typed freely ("-" then "-1"): the value changes only when the text is a number. */
function NumberField(props: { id: string; value: number | undefined; min?: number; max?: number; nullable?: boolean; disabled?: boolean; intent: Intent; onChange: (value: number | null) => void }) {
  const { id, value, min, max, nullable = false, disabled, intent, onChange } = props;
  // The typed text, and the value it went with: a value changed from outside replaces the text.
  const [typed, setTyped] = useState({ text: value === undefined ? '' : String(value), value });
  const shown = typed.value === value ? typed.text : value === undefined ? '' : String(value);
  return (
    <NumericInput
      id={id}
      value={shown}
      min={min}
      max={max}
      disabled={disabled}
      intent={intent}
      allowNumericCharactersOnly
      onValueChange={(number, text) => {
        const emptied = nullable && text.trim() === '';
        const usable = text.trim() !== '' && !Number.isNaN(number);
        setTyped({ text, value: usable ? number : emptied ? undefined : value });
        if (usable) onChange(number);
        else if (emptied) onChange(null);
      }}
    />
  );
}

/**
 * zod issues → one message per top-level field, for AutoForm's `errors`: the screen's own words
 * (`text`), or what is wrong said in the reader's language from the issue's code (zodIssueText),
 * never zod's English default message.
 */
export function fieldErrors(issues: readonly ZodIssueLike[]): Record<string, string>;
export function fieldErrors<I extends { path: readonly PropertyKey[] }>(issues: readonly I[], text: (issue: I) => string): Record<string, string>;
export function fieldErrors(issues: readonly ZodIssueLike[], text: (issue: ZodIssueLike) => string = zodIssueText): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= text(issue);
  }
  return errors;
}
