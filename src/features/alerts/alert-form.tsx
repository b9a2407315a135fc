/**
 * The form of one alert (§3: timeout in minutes, or volume below / above N per interval; email
 * contact): field descriptors rendered by AutoForm, checked with the contract's schema.
 */
import { useState } from 'react';
import { Button, Card, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ALERT_INTERVALS, alertSettingsSchema, type AlertSettings } from '../../contract/alerts';
import { AutoForm, fieldErrors, type AutoField } from '../../ui/auto-form';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { Form } from '../../ui/form';

/** Every field of both kinds, flat, as the form edits them. */
interface Draft extends Record<string, unknown> {
  kind: 'timeout' | 'volume';
  name: string;
  timeoutMinutes: number;
  direction: 'below' | 'above';
  threshold: number;
  interval: (typeof ALERT_INTERVALS)[number];
  email: string;
}

const BLANK: Draft = { kind: 'timeout', name: '', timeoutMinutes: 30, direction: 'below', threshold: 1, interval: 'day', email: '' };

const toDraft = (settings: AlertSettings | undefined): Draft => (settings === undefined ? BLANK : { ...BLANK, ...settings });

function toSettings(draft: Draft) {
  const { kind, name, email } = draft;
  return alertSettingsSchema.safeParse(
    kind === 'timeout'
      ? { kind, name, email, timeoutMinutes: draft.timeoutMinutes }
      : { kind, name, email, direction: draft.direction, threshold: draft.threshold, interval: draft.interval },
  );
}

export function AlertForm({ initial, onSave, onCancel }: { initial?: AlertSettings; onSave: (settings: AlertSettings) => Promise<boolean>; onCancel: () => void }) {
  const { t } = useTranslation('dashboard');
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial));
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(toDraft(initial));
  const parsed = toSettings(draft);
  const save = async () => {
    setTouched(true);
    if (!parsed.success) return false;
    setSaving(true);
    try {
      return await onSave(parsed.data);
    } finally {
      setSaving(false);
    }
  };
  const guard = useUnsavedChangesGuard({ when: dirty && !saving, onSave: save });
  const fields: AutoField<Extract<keyof Draft, string>>[] = [
    { name: 'kind', kind: 'select', label: t('alerts.fields.kind'), options: (['timeout', 'volume'] as const).map((value) => ({ value, label: t(`alerts.kinds.${value}`) })) },
    { name: 'name', kind: 'text', label: t('alerts.fields.name'), required: true },
    { name: 'timeoutMinutes', kind: 'number', label: t('alerts.fields.timeoutMinutes'), min: 1, hidden: draft.kind !== 'timeout' },
    { name: 'direction', kind: 'select', label: t('alerts.fields.direction'), options: (['below', 'above'] as const).map((value) => ({ value, label: t(`alerts.directions.${value}`) })), hidden: draft.kind !== 'volume' },
    { name: 'threshold', kind: 'number', label: t('alerts.fields.threshold'), min: 0, hidden: draft.kind !== 'volume' },
    { name: 'interval', kind: 'select', label: t('alerts.fields.interval'), options: ALERT_INTERVALS.map((value) => ({ value, label: t(`alerts.intervals.${value}`) })), hidden: draft.kind !== 'volume' },
    { name: 'email', kind: 'text', label: t('alerts.fields.email'), required: true, placeholder: 'ops@example.com' },
  ];
  return (
    <Card className="p-alert-form">
      <Form
        onRefused={() => setTouched(true)}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <AutoForm id="alert" fields={fields} value={draft} onChange={setDraft} errors={touched && !parsed.success ? fieldErrors(parsed.error.issues) : {}} />
        <Button type="submit" intent={Intent.PRIMARY} text={t('alerts.save')} loading={saving} />{' '}
        <Button text={t('alerts.cancel')} onClick={onCancel} disabled={saving} />
      </Form>
      {guard}
    </Card>
  );
}
