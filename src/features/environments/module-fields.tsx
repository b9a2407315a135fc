/**
 * A module's §3 fields in the module list: name, input type (body, attachment, both; empty means
 * every document, or once per analysis for extraction), context (NLU and categorization, picked
 * among the environment's NLU contexts), the categorization's default category, and the taints it
 * waits for (behind the `taints` feature flag). Module order is the list's order.
 */
import type { ReactNode } from 'react';
import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MODULE_INPUT_TYPES, type EnvironmentModule, type ModuleInputType } from '../../contract/environments';
import { useFlag } from '../../storage/feature-flags';

/** Module types that work per document and so take an input type and (NLU, categorization) a context. */
const PER_DOCUMENT = new Set(['nlu', 'categorization', 'extraction', 'visionEngine', 'ocrDataExtraction']);
const WITH_CONTEXT = new Set(['nlu', 'categorization']);

/** A visible caption over a control (the control keeps its own aria-label naming the module). */
function Field({ text, children }: { text: string; children: ReactNode }) {
  return (
    <label className="p-module-field">
      <span className="bp6-text-small bp6-text-muted">{text}</span>
      {children}
    </label>
  );
}

export function ModuleFields({ module, contexts, readOnly, onChange }: { module: EnvironmentModule; contexts: readonly string[]; readOnly: boolean; onChange: (module: EnvironmentModule) => void }) {
  const { t } = useTranslation('environments');
  const taints = useFlag('taints');
  const label = (field: string) => t(`modules.fieldOf.${field}` as never, { name: module.name }) as string;
  const defaultCategory = typeof module.config.defaultCategory === 'string' ? module.config.defaultCategory : '';
  return (
    <div className="p-module-fields">
      <Field text={t('modules.fieldLabels.name')}>
        <InputGroup aria-label={label('name')} value={module.name} disabled={readOnly} onChange={(event) => onChange({ ...module, name: event.currentTarget.value })} />
      </Field>
      {PER_DOCUMENT.has(module.type) && (
        <Field text={t('modules.fieldLabels.inputType')}>
          <HTMLSelect
            aria-label={label('inputType')}
            disabled={readOnly}
            value={module.inputType ?? ''}
            onChange={(event) => onChange({ ...module, inputType: (event.currentTarget.value || null) as ModuleInputType | null })}
            options={[
              { value: '', label: t(module.type === 'extraction' ? 'modules.inputTypes.oncePerAnalysis' : 'modules.inputTypes.every') },
              ...MODULE_INPUT_TYPES.map((type) => ({ value: type, label: t(`modules.inputTypes.${type}`) })),
            ]}
          />
        </Field>
      )}
      {WITH_CONTEXT.has(module.type) && (
        <Field text={t('modules.fieldLabels.context')}>
          <HTMLSelect
            aria-label={label('context')}
            disabled={readOnly}
            value={module.context ?? ''}
            onChange={(event) => onChange({ ...module, context: event.currentTarget.value || null })}
            options={[{ value: '', label: t('modules.noContext') }, ...[...new Set([...(module.context ? [module.context] : []), ...contexts])].map((name) => ({ value: name, label: name }))]}
          />
        </Field>
      )}
      {module.type === 'categorization' && module.active && (
        <Field text={t('modules.fieldLabels.defaultCategory')}>
          <InputGroup
            aria-label={label('defaultCategory')}
            placeholder={t('modules.defaultCategory')}
            disabled={readOnly}
            value={defaultCategory}
            onChange={(event) => onChange({ ...module, config: { ...module.config, defaultCategory: event.currentTarget.value === '' ? null : event.currentTarget.value } })}
          />
        </Field>
      )}
      {taints && module.type !== 'extractor' && (
        <Field text={t('modules.fieldLabels.requiredTaints')}>
          <InputGroup
            aria-label={label('requiredTaints')}
            placeholder={t('modules.requiredTaints')}
            disabled={readOnly}
            defaultValue={module.requiredTaints.join(', ')}
            onChange={(event) => onChange({ ...module, requiredTaints: event.currentTarget.value.split(',').map((item) => item.trim()).filter(Boolean) })}
          />
        </Field>
      )}
    </div>
  );
}
