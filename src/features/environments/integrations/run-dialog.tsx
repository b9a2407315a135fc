/** The manual run (§7.3): a period (fromDate, toDate) and whether messages already analysed go again. */
import { useState } from 'react';
import { Button, DialogBody, DialogFooter, Switch } from '@blueprintjs/core';
import { Dialog } from '../../../ui/dialog';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { runConnector, type Connector } from '../../../contract/integrations';
import { toast } from '../../../ui/toasts/toast-service';
import { localInput } from './connector-form';
import { connectorErrorText } from './messages';
import { DateField } from '../../../ui/date-field';
import { Field, Form } from '../../../ui/form';

const DAY_MS = 24 * 3_600_000;

export function RunDialog({ envId, connector, onClose, onQueued }: { envId: string; connector: Connector; onClose: () => void; onQueued: () => void }) {
  const { t } = useTranslation('integrations');
  const [period, setPeriod] = useState(() => ({ from: localInput(new Date(Date.now() - DAY_MS)), to: localInput(new Date(Date.now() + 60_000)), force: false }));
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await request(runConnector, {
        params: { envId, connectorId: connector.id },
        body: { fromDate: new Date(period.from).toISOString(), toDate: new Date(period.to).toISOString(), forceDuplicates: period.force },
      });
      toast.success({ summary: t('run.queued') });
      onQueued();
      onClose();
    } catch (error) {
      toast.error({ summary: t('run.title'), detail: connectorErrorText(t, error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={`${t('run.title')} — ${connector.name}`}>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <DialogBody>
          <Field label={t('run.fromDate')} labelFor="run-from">
            <DateField id="run-from" required value={period.from} onChange={(from) => setPeriod({ ...period, from })} withTime />
          </Field>
          <Field label={t('run.toDate')} labelFor="run-to">
            <DateField id="run-to" required value={period.to} onChange={(to) => setPeriod({ ...period, to })} withTime />
          </Field>
          <Switch label={t('run.forceDuplicates')} checked={period.force} onChange={(e) => setPeriod({ ...period, force: e.currentTarget.checked })} />
        </DialogBody>
        <DialogFooter actions={<Button type="submit" intent="primary" loading={busy} text={t('run.start')} />} />
      </Form>
    </Dialog>
  );
}
