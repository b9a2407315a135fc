/** The custom fields (§3: label, technical name, required, active, body or attachment) and output mappings (data type → connector field) of a connector. */
import { Button, Checkbox, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CONNECTOR_FIELDS, OUTPUT_DATA_TYPES, type ConnectorType, type CustomField, type OutputMapping } from '../../../contract/integrations';
import { targetTexts } from './target-texts';
import { DataTable } from '../../../ui/data-table';

export function CustomFieldsTable({ fields, onChange }: { fields: CustomField[]; onChange: (fields: CustomField[]) => void }) {
  const { t } = useTranslation('integrations');
  const set = (index: number, patch: Partial<CustomField>) => onChange(fields.map((field, i) => (i === index ? { ...field, ...patch } : field)));
  return (
    <>
      <DataTable compact className="p-table">
        <thead>
          <tr>
            <th>{t('editor.label')}</th>
            <th>{t('editor.technicalName')}</th>
            <th>{t('editor.required')}</th>
            <th>{t('editor.active')}</th>
            <th>{t('editor.kind')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {fields.map((field, index) => (
            <tr key={field.id}>
              <td>
                <InputGroup aria-label={t('editor.label')} value={field.label} onValueChange={(label) => set(index, { label })} />
              </td>
              <td>
                <InputGroup aria-label={t('editor.technicalName')} value={field.technicalName} onValueChange={(technicalName) => set(index, { technicalName })} />
              </td>
              <td>
                <Checkbox aria-label={t('editor.required')} checked={field.required} onChange={(e) => set(index, { required: e.currentTarget.checked })} />
              </td>
              <td>
                <Checkbox aria-label={t('editor.active')} checked={field.active} onChange={(e) => set(index, { active: e.currentTarget.checked })} />
              </td>
              <td>
                <HTMLSelect
                  aria-label={t('editor.kind')}
                  value={field.kind}
                  onChange={(e) => set(index, { kind: e.currentTarget.value as CustomField['kind'] })}
                  options={(['body', 'attachment'] as const).map((kind) => ({ value: kind, label: t(`editor.kinds.${kind}`) }))}
                />
              </td>
              <td>
                <Button icon="trash" variant="minimal" aria-label={t('editor.remove')} onClick={() => onChange(fields.filter((_, i) => i !== index))} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Button icon="add" text={t('editor.addField')} onClick={() => onChange([...fields, { id: crypto.randomUUID(), label: '', technicalName: '', required: false, active: true, kind: 'body' }])} />
    </>
  );
}

export function MappingsTable({ type, mappings, customFields, onChange }: { type: ConnectorType; mappings: OutputMapping[]; customFields: CustomField[]; onChange: (mappings: OutputMapping[]) => void }) {
  const { t } = useTranslation('integrations');
  const texts = targetTexts(t, type);
  const targets = [
    ...CONNECTOR_FIELDS[type].map((value: string) => ({ value, label: texts[value] ?? value })),
    ...customFields.filter((field) => field.technicalName !== '').map((field) => ({ value: field.technicalName, label: field.label || field.technicalName })),
  ];
  const set = (index: number, patch: Partial<OutputMapping>) => onChange(mappings.map((mapping, i) => (i === index ? { ...mapping, ...patch } : mapping)));
  return (
    <>
      <DataTable compact className="p-table">
        <thead>
          <tr>
            <th>{t('editor.dataType')}</th>
            <th>{t('editor.source')}</th>
            <th>{t('editor.target')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {mappings.map((mapping, index) => (
            <tr key={index}>
              <td>
                <HTMLSelect
                  aria-label={t('editor.dataType')}
                  value={mapping.dataType}
                  onChange={(e) => set(index, { dataType: e.currentTarget.value as OutputMapping['dataType'] })}
                  options={OUTPUT_DATA_TYPES.map((value) => ({ value, label: t(`editor.dataTypes.${value}`) }))}
                />
              </td>
              <td>{mapping.dataType === 'extractedInfo' && <InputGroup aria-label={t('editor.source')} value={mapping.source} onValueChange={(source) => set(index, { source })} />}</td>
              <td>
                <HTMLSelect aria-label={t('editor.target')} value={mapping.target} onChange={(e) => set(index, { target: e.currentTarget.value })} options={targets} />
              </td>
              <td>
                <Button icon="trash" variant="minimal" aria-label={t('editor.remove')} onClick={() => onChange(mappings.filter((_, i) => i !== index))} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <Button icon="add" text={t('editor.addMapping')} onClick={() => onChange([...mappings, { dataType: 'messageCategories', source: '', target: targets[0]?.value ?? '' }])} />
    </>
  );
}
