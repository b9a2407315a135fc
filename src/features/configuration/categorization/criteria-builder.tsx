/**
 * The criteria of a rule (contract: `criterionSchema`): add any criterion type, each edited with
 * pickers fed by the environment (NLU interactions with their contexts and parameters, categories
 * already given), never free text where the environment knows the answer. Produces the contract's
 * shape directly: what `onChange` hands back is what `categorization.save` takes.
 */
import { Button, Card, ControlGroup, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CRITERION_TYPES, type CategorizationSettings, type Criterion, type CriterionType } from '../../../contract/categorization';
import { ConditionEditor } from './condition-editor';
import { Field } from '../../../ui/form';

export type PickerData = Pick<CategorizationSettings, 'interactions'> & { categories: readonly { name: string; target: 'body' | 'attachment' }[] };

export const HEADERS = ['from', 'to', 'cc', 'subject', 'date'] as const;

export function newCriterion(type: CriterionType, data: PickerData): Criterion {
  switch (type) {
    case 'interaction': {
      const first = data.interactions[0];
      return { type, interaction: first?.name ?? '', context: first?.context ?? null, complete: true, parameters: [] };
    }
    case 'category':
      return { type, category: data.categories[0]?.name ?? '', scope: 'any' };
    case 'extractedData':
      return { type, field: '', condition: { operator: 'exists' } };
    case 'consolidationSource':
      return { type, source: 'attachment', fileName: null };
    case 'header':
      return { type, header: 'subject', condition: { operator: 'contains', value: '' } };
    case 'metadata':
      return { type, key: '', condition: { operator: 'exists' } };
    case 'visionEngine':
      return { type, key: 'categories', condition: { operator: 'equals', value: '' } };
  }
}

const key = (context: string | null, name: string) => JSON.stringify([context, name]);

function InteractionCriterion({ id, criterion, data, onChange, disabled }: { id: string; criterion: Extract<Criterion, { type: 'interaction' }>; data: PickerData; onChange: (criterion: Criterion) => void; disabled: boolean }) {
  const { t } = useTranslation('categorization');
  const known = data.interactions.find((item) => item.name === criterion.interaction && (criterion.context === null || item.context === criterion.context));
  const options = data.interactions.map((item) => ({ value: key(item.context, item.name), label: `${item.name} (${item.context})` }));
  if (!known && criterion.interaction) options.unshift({ value: key(criterion.context, criterion.interaction), label: t('builder.unknownInteraction', { name: criterion.interaction }) });
  const parameters = known?.parameters ?? [];
  return (
    <>
      <Field label={t('builder.interaction')} labelFor={`${id}-interaction`}>
        <HTMLSelect
          id={`${id}-interaction`}
          disabled={disabled}
          value={key(criterion.context, criterion.interaction)}
          onChange={(event) => {
            const [context, interaction] = JSON.parse(event.currentTarget.value) as [string | null, string];
            onChange({ ...criterion, context, interaction, parameters: [] });
          }}
          options={options.length > 0 ? options : [{ value: key(null, ''), label: t('builder.noInteraction') }]}
        />
      </Field>
      <Switch label={t('builder.complete')} checked={criterion.complete} disabled={disabled} onChange={() => onChange({ ...criterion, complete: !criterion.complete })} />
      {criterion.parameters.map((parameter, index) => (
        <ControlGroup key={index} className="p-criterion-parameter" data-testid="parameter-criterion">
          <HTMLSelect
            aria-label={t('builder.parameter')}
            disabled={disabled}
            value={parameter.parameter}
            onChange={(event) => onChange({ ...criterion, parameters: criterion.parameters.map((item, i) => (i === index ? { ...item, parameter: event.currentTarget.value } : item)) })}
            options={[...new Set([parameter.parameter, ...parameters])].filter(Boolean).map((name) => ({ value: name, label: name }))}
          />
          <ConditionEditor
            id={`${id}-parameter-${index}`}
            disabled={disabled}
            condition={parameter.condition}
            onChange={(condition) => onChange({ ...criterion, parameters: criterion.parameters.map((item, i) => (i === index ? { ...item, condition } : item)) })}
          />
          <Button icon="cross" variant="minimal" disabled={disabled} aria-label={t('builder.removeParameter')} onClick={() => onChange({ ...criterion, parameters: criterion.parameters.filter((_, i) => i !== index) })} />
        </ControlGroup>
      ))}
      {parameters.length > 0 && (
        <Button
          icon="add"
          variant="minimal"
          disabled={disabled}
          text={t('builder.addParameter')}
          onClick={() => onChange({ ...criterion, parameters: [...criterion.parameters, { parameter: parameters[0]!, condition: { operator: 'exists' } }] })}
        />
      )}
    </>
  );
}

function CriterionFields({ id, criterion, data, onChange, disabled }: { id: string; criterion: Criterion; data: PickerData; onChange: (criterion: Criterion) => void; disabled: boolean }) {
  const { t } = useTranslation('categorization');
  const scopes = (['any', 'body', 'attachment'] as const).map((scope) => ({ value: scope, label: t(`scope.${scope}`) }));
  switch (criterion.type) {
    case 'interaction':
      return <InteractionCriterion id={id} criterion={criterion} data={data} onChange={onChange} disabled={disabled} />;
    case 'category': {
      const names = [...new Set([criterion.category, ...data.categories.map((category) => category.name)])].filter(Boolean);
      return (
        <ControlGroup>
          <HTMLSelect aria-label={t('builder.category')} disabled={disabled} value={criterion.category} onChange={(event) => onChange({ ...criterion, category: event.currentTarget.value })} options={names.length > 0 ? names : [{ value: '', label: t('builder.noCategory') }]} />
          <HTMLSelect aria-label={t('builder.scope')} disabled={disabled} value={criterion.scope} onChange={(event) => onChange({ ...criterion, scope: event.currentTarget.value as typeof criterion.scope })} options={scopes} />
        </ControlGroup>
      );
    }
    case 'extractedData':
      return (
        <ControlGroup>
          <InputGroup aria-label={t('builder.field')} placeholder={t('builder.field')} disabled={disabled} value={criterion.field} onChange={(event) => onChange({ ...criterion, field: event.currentTarget.value })} />
          <ConditionEditor id={id} disabled={disabled} condition={criterion.condition} onChange={(condition) => onChange({ ...criterion, condition })} />
        </ControlGroup>
      );
    case 'consolidationSource':
      return (
        <ControlGroup>
          <HTMLSelect aria-label={t('builder.source')} disabled={disabled} value={criterion.source} onChange={(event) => onChange({ ...criterion, source: event.currentTarget.value as typeof criterion.source })} options={scopes} />
          <InputGroup aria-label={t('builder.fileName')} placeholder={t('builder.fileNamePlaceholder')} disabled={disabled} value={criterion.fileName ?? ''} onChange={(event) => onChange({ ...criterion, fileName: event.currentTarget.value === '' ? null : event.currentTarget.value })} />
        </ControlGroup>
      );
    case 'header':
      return (
        <ControlGroup>
          <HTMLSelect aria-label={t('builder.header')} disabled={disabled} value={criterion.header} onChange={(event) => onChange({ ...criterion, header: event.currentTarget.value })} options={[...new Set([criterion.header, ...HEADERS])].map((header) => ({ value: header, label: t(`headers.${header}`, { defaultValue: header }) }))} />
          <ConditionEditor id={id} disabled={disabled} condition={criterion.condition} onChange={(condition) => onChange({ ...criterion, condition })} />
        </ControlGroup>
      );
    case 'visionEngine':
      return (
        <ControlGroup>
          <InputGroup aria-label={t('builder.visionKey')} placeholder={t('builder.visionKeyPlaceholder')} disabled={disabled} value={criterion.key} onChange={(event) => onChange({ ...criterion, key: event.currentTarget.value })} />
          <ConditionEditor id={id} disabled={disabled} condition={criterion.condition} onChange={(condition) => onChange({ ...criterion, condition })} />
        </ControlGroup>
      );
    case 'metadata':
      return (
        <ControlGroup>
          <InputGroup aria-label={t('builder.metadataKey')} placeholder={t('builder.metadataKey')} disabled={disabled} value={criterion.key} onChange={(event) => onChange({ ...criterion, key: event.currentTarget.value })} />
          <ConditionEditor id={id} disabled={disabled} condition={criterion.condition} onChange={(condition) => onChange({ ...criterion, condition })} />
        </ControlGroup>
      );
  }
}

export function CriteriaBuilder({ criteria, data, onChange, disabled }: { criteria: readonly Criterion[]; data: PickerData; onChange: (criteria: Criterion[]) => void; disabled: boolean }) {
  const { t } = useTranslation('categorization');
  const replace = (index: number, criterion: Criterion) => onChange(criteria.map((item, i) => (i === index ? criterion : item)));
  return (
    <div className="p-criteria" aria-label={t('builder.title')} role="group">
      {criteria.length === 0 && <p className="bp6-text-muted">{t('builder.empty')}</p>}
      {criteria.map((criterion, index) => (
        <Card key={index} compact data-testid="criterion" data-criterion-type={criterion.type}>
          <div className="p-page__header">
            <HTMLSelect
              aria-label={t('builder.type')}
              disabled={disabled}
              value={criterion.type}
              onChange={(event) => replace(index, newCriterion(event.currentTarget.value as CriterionType, data))}
              options={CRITERION_TYPES.map((type) => ({ value: type, label: t(`criterionTypes.${type}`) }))}
            />
            <Button icon="trash" variant="minimal" disabled={disabled} aria-label={t('builder.remove', { index: index + 1 })} onClick={() => onChange(criteria.filter((_, i) => i !== index))} />
          </div>
          <CriterionFields id={`criterion-${index}`} criterion={criterion} data={data} onChange={(next) => replace(index, next)} disabled={disabled} />
        </Card>
      ))}
      {!disabled && (
        <Button icon="add" text={t('builder.add')} onClick={() => onChange([...criteria, newCriterion('interaction', data)])} />
      )}
    </div>
  );
}
