/**
 * Extractor settings (spec §3): every field, described as data and rendered by one component; the
 * same fields edit the per-extension sub-parser overrides.
 */
import { useState } from 'react';
import { Button, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { NumericInput } from '../../ui/numeric-input';
import { useTranslation } from 'react-i18next';
import { KNOWN_EXTENSIONS, parserSettingsSchema, type ExtractorSettings, type ParserSettings } from '../../contract/environments';
import { Field } from '../../ui/form';

type Group = keyof ParserSettings;
type Field = { group: Group; key: string; kind: 'boolean' | 'number' | 'ocrMode' | 'text' | 'list' };

const FIELDS: Field[] = [
  { group: 'email', key: 'extractAttachments', kind: 'boolean' },
  { group: 'email', key: 'extractHtml', kind: 'boolean' },
  { group: 'email', key: 'conversationThread', kind: 'boolean' },
  { group: 'email', key: 'headers', kind: 'boolean' },
  { group: 'email', key: 'ignoredAttachmentExtensions', kind: 'list' },
  { group: 'textHtml', key: 'extractImages', kind: 'boolean' },
  { group: 'audio', key: 'transcript', kind: 'boolean' },
  { group: 'document', key: 'maxPages', kind: 'number' },
  { group: 'document', key: 'ocrMode', kind: 'ocrMode' },
  { group: 'document', key: 'ocrName', kind: 'text' },
  { group: 'document', key: 'maxPagesToOcr', kind: 'number' },
  { group: 'image', key: 'minWidth', kind: 'number' },
  { group: 'image', key: 'minHeight', kind: 'number' },
  { group: 'image', key: 'ocr', kind: 'boolean' },
  { group: 'spreadsheet', key: 'readVertically', kind: 'boolean' },
  { group: 'spreadsheet', key: 'unmergeCells', kind: 'boolean' },
  { group: 'spreadsheet', key: 'parseHiddenSheets', kind: 'boolean' },
  { group: 'global', key: 'useCache', kind: 'boolean' },
  { group: 'global', key: 'splitPerCharacters', kind: 'number' },
  { group: 'global', key: 'splitPerPage', kind: 'boolean' },
  { group: 'global', key: 'characterRedundancy', kind: 'number' },
];
const GROUPS: Group[] = ['email', 'textHtml', 'audio', 'document', 'image', 'spreadsheet', 'global'];

function ParserFields({ value, onChange, idPrefix }: { value: ParserSettings; onChange: (v: ParserSettings) => void; idPrefix: string }) {
  const { t } = useTranslation('environments');
  const setField = (group: Group, key: string, fieldValue: unknown) =>
    onChange({ ...value, [group]: { ...value[group], [key]: fieldValue } } as ParserSettings);
  return (
    <div className="p-extractor-groups">
      {GROUPS.map((group) => (
        <fieldset key={group} className="p-fieldset">
          <legend>{t(`extractor.groups.${group}`)}</legend>
          {FIELDS.filter((f) => f.group === group).map((field) => {
            const current = (value[group] as Record<string, unknown>)[field.key];
            const label = t(`extractor.fields.${field.key}` as never);
            const id = `${idPrefix}-${group}-${field.key}`;
            if (field.kind === 'boolean') {
              return <Switch key={id} label={label} checked={current === true} onChange={(e) => setField(group, field.key, e.currentTarget.checked)} />;
            }
            return (
              <Field key={id} label={label} labelFor={id}>
                {field.kind === 'number' && (
                  <NumericInput id={id} min={0} value={current as number} onValueChange={(n) => Number.isFinite(n) && setField(group, field.key, n)} />
                )}
                {field.kind === 'ocrMode' && (
                  <HTMLSelect id={id} value={current as string} onChange={(e) => setField(group, field.key, e.currentTarget.value)} options={['ON', 'OFF', 'AUTO']} />
                )}
                {field.kind === 'text' && <InputGroup id={id} value={current as string} onValueChange={(v) => setField(group, field.key, v)} />}
                {field.kind === 'list' && (
                  <InputGroup
                    id={id}
                    value={(current as string[]).join(', ')}
                    placeholder="gif, png"
                    onValueChange={(v) => setField(group, field.key, v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))}
                  />
                )}
              </Field>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}

export function ExtractorSettingsForm({ value, onChange }: { value: ExtractorSettings; onChange: (v: ExtractorSettings) => void }) {
  const { t } = useTranslation('environments');
  const free = KNOWN_EXTENSIONS.filter((ext) => !(ext in value.subParsers));
  const [extension, setExtension] = useState(free[0] ?? '');
  return (
    <div>
      <Switch label={t('extractor.active')} checked={value.active} onChange={(e) => onChange({ ...value, active: e.currentTarget.checked })} />
      <ParserFields idPrefix="parser" value={value.parser} onChange={(parser) => onChange({ ...value, parser })} />
      <h3>{t('extractor.subParsers')}</h3>
      {Object.entries(value.subParsers).map(([ext, parser]) => (
        <details key={ext} className="p-subparser">
          <summary>
            .{ext}{' '}
            <Button
              variant="minimal"
              icon="trash"
              aria-label={t('extractor.removeOverride', { ext })}
              onClick={() => {
                const { [ext]: _removed, ...rest } = value.subParsers;
                onChange({ ...value, subParsers: rest });
              }}
            />
          </summary>
          <ParserFields idPrefix={`sub-${ext}`} value={parser} onChange={(p) => onChange({ ...value, subParsers: { ...value.subParsers, [ext]: p } })} />
        </details>
      ))}
      {free.length > 0 && (
        <div className="p-toolbar">
          <HTMLSelect aria-label={t('extractor.extension')} value={extension} onChange={(e) => setExtension(e.currentTarget.value)} options={free} />
          <Button
            icon="add"
            text={t('extractor.addOverride')}
            onClick={() => onChange({ ...value, subParsers: { ...value.subParsers, [extension || free[0]!]: parserSettingsSchema.parse(value.parser) } })}
          />
        </div>
      )}
    </div>
  );
}
