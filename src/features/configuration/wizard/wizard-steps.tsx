/** The four editing steps of the creation wizard: plain labelled fields, each step one form section. */
import { DictionaryValuesPreview } from '../shared/dictionary-values-preview';
import { Button, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NLU_LANGUAGES } from '../../../contract/environments';
import type { NluContext } from '../../../contract/nlu';
import { INTERACTION_FUNCTION_KINDS, type InteractionFunctionKind, type NluLanguage } from '../../../nlu/types';
import type { FunctionDraft, WizardDraft } from './wizard-draft';
import { languageName } from '../../../i18n/language-names';
import type { Language } from '../../../storage/preferences';
import { Field } from '../../../ui/form';

export interface StepProps {
  draft: WizardDraft;
  onChange: (draft: WizardDraft) => void;
}

export function ArchetypeStep({ draft, onChange }: StepProps) {
  const { t, i18n } = useTranslation('wizard');
  const set = (patch: Partial<WizardDraft['archetype']>) => onChange({ ...draft, archetype: { ...draft.archetype, ...patch } });
  return (
    <>
      <Field label={t('archetype.name')} labelFor="wizard-archetype-name">
        <InputGroup required id="wizard-archetype-name" autoFocus value={draft.archetype.name} onValueChange={(name) => set({ name })} />
      </Field>
      <Field label={t('archetype.language')} labelFor="wizard-archetype-language">
        <HTMLSelect
          id="wizard-archetype-language"
          value={draft.archetype.language}
          onChange={(event) => set({ language: event.currentTarget.value as NluLanguage })}
          options={NLU_LANGUAGES.map((code) => ({ value: code, label: languageName(code, i18n.language as Language) }))}
        />
      </Field>
      <Field label={t('archetype.dictionary')} labelFor="wizard-archetype-dictionary" helperText={t('archetype.dictionaryHelp')}>
        <TextArea required id="wizard-archetype-dictionary" fill rows={4} value={draft.archetype.dictionary} onChange={(event) => set({ dictionary: event.currentTarget.value })} />
      </Field>
      <DictionaryValuesPreview text={draft.archetype.dictionary} language={draft.archetype.language} />
    </>
  );
}

export function InteractionStep({ draft, onChange, contexts }: StepProps & { contexts: NluContext[] }) {
  const { t } = useTranslation('wizard');
  const set = (patch: Partial<WizardDraft['interaction']>) => onChange({ ...draft, interaction: { ...draft.interaction, ...patch } });
  return (
    <>
      <Field label={t('interaction.context')} labelFor="wizard-interaction-context">
        <HTMLSelect
          id="wizard-interaction-context"
          value={draft.interaction.contextId}
          onChange={(event) => set({ contextId: event.currentTarget.value })}
          options={contexts.map((context) => ({ value: context.id, label: context.name }))}
        />
      </Field>
      <Field label={t('interaction.name')} labelFor="wizard-interaction-name">
        <InputGroup required id="wizard-interaction-name" autoFocus value={draft.interaction.name} onValueChange={(name) => set({ name })} />
      </Field>
      <Field label={t('interaction.parameter')} labelFor="wizard-interaction-parameter" helperText={t('interaction.parameterHelp', { archetype: draft.archetype.name })}>
        <InputGroup required id="wizard-interaction-parameter" value={draft.interaction.parameter} onValueChange={(parameter) => set({ parameter })} />
      </Field>
      <Field label={t('interaction.comment')} labelFor="wizard-interaction-comment">
        <InputGroup id="wizard-interaction-comment" value={draft.interaction.comment} onValueChange={(comment) => set({ comment })} />
      </Field>
    </>
  );
}

let nextKey = 1;

export function FunctionsStep({ draft, onChange }: StepProps) {
  const { t } = useTranslation(['wizard', 'nlu']);
  const setAt = (index: number, patch: Partial<FunctionDraft>) => onChange({ ...draft, functions: draft.functions.map((fn, i) => (i === index ? { ...fn, ...patch } : fn)) });
  return (
    <>
      <p className="bp6-text-muted">{t('functions.intro')}</p>
      {draft.functions.length === 0 && <p data-testid="wizard-no-function">{t('functions.none')}</p>}
      {draft.functions.map((fn, index) => (
        <fieldset key={fn.key} className="p-fieldset p-wizard__function" data-testid="wizard-function">
          <Field label={t('functions.name')} labelFor={`wizard-function-name-${fn.key}`}>
            <InputGroup required id={`wizard-function-name-${fn.key}`} value={fn.name} onValueChange={(name) => setAt(index, { name })} />
          </Field>
          <Field label={t('functions.kind')} labelFor={`wizard-function-kind-${fn.key}`}>
            <HTMLSelect
              id={`wizard-function-kind-${fn.key}`}
              value={fn.kind}
              onChange={(event) => setAt(index, { kind: event.currentTarget.value as InteractionFunctionKind })}
              options={INTERACTION_FUNCTION_KINDS.map((kind) => ({ value: kind, label: t(`nlu:functions.kinds.${kind}.label`) }))}
            />
          </Field>
          <Field label={t('functions.stringValue')} labelFor={`wizard-function-value-${fn.key}`}>
            <InputGroup required id={`wizard-function-value-${fn.key}`} value={fn.stringValue} onValueChange={(stringValue) => setAt(index, { stringValue })} />
          </Field>
          <Button
            icon="trash"
            variant="minimal"
            text={t('actions.removeFunction', { name: fn.name })}
            onClick={() => onChange({ ...draft, functions: draft.functions.filter((_, i) => i !== index) })}
          />
        </fieldset>
      ))}
      <Button
        icon="add"
        text={t('actions.addFunction')}
        onClick={() => onChange({ ...draft, functions: [...draft.functions, { key: nextKey++, name: '', kind: 'interactionAround', stringValue: '' }] })}
      />
    </>
  );
}

export function CategoryStep({ draft, onChange, modules, contextName }: StepProps & { modules: { id: string; name: string }[]; contextName: string }) {
  const { t } = useTranslation(['wizard', 'categorization']);
  const set = (patch: Partial<WizardDraft['category']>) => onChange({ ...draft, category: { ...draft.category, ...patch } });
  return (
    <>
      <Field label={t('category.module')} labelFor="wizard-category-module">
        <HTMLSelect
          id="wizard-category-module"
          value={draft.category.moduleId}
          onChange={(event) => set({ moduleId: event.currentTarget.value })}
          options={modules.map((module) => ({ value: module.id, label: module.name }))}
        />
      </Field>
      <Field label={t('category.name')} labelFor="wizard-category-name">
        <InputGroup required id="wizard-category-name" autoFocus value={draft.category.name} onValueChange={(name) => set({ name })} />
      </Field>
      <Field label={t('category.target')} labelFor="wizard-category-target">
        <HTMLSelect
          id="wizard-category-target"
          value={draft.category.target}
          onChange={(event) => set({ target: event.currentTarget.value as 'body' | 'attachment' })}
          options={(['body', 'attachment'] as const).map((target) => ({ value: target, label: t(`categorization:categories.tabs.${target}`) }))}
        />
      </Field>
      <Field
        label={t('category.ruleName')}
        labelFor="wizard-category-rule"
        helperText={t('category.ruleHelp', { interaction: draft.interaction.name, contextName })}
      >
        <InputGroup id="wizard-category-rule" placeholder={draft.interaction.name} value={draft.category.ruleName} onValueChange={(ruleName) => set({ ruleName })} />
      </Field>
    </>
  );
}
