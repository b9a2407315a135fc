/** Editing a connector: its settings (AutoForm), custom fields and output field mappings, with the unsaved-changes guard. */
import { useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, H5, Intent } from '@blueprintjs/core';
import { Dialog } from '../../../ui/dialog';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { updateConnector, type Connector } from '../../../contract/integrations';
import { AutoForm } from '../../../ui/auto-form';
import { toast } from '../../../ui/toasts/toast-service';
import { tr } from '../../../ui/message';
import { useUnsavedChanges } from '../../../ui/unsaved-changes';
import { bodyOf, callbackUriOf, connectorFields, formOf } from './connector-form';
import { CustomFieldsTable, MappingsTable } from './mapping-tables';
import { connectorErrorText } from './messages';
import { SalesforceCertificate } from './salesforce-certificate';
import { useOrganisationAdmin } from './use-organisation-admin';

export function ConnectorEditor({ envId, connector, onClose, onSaved }: { envId: string; connector: Connector; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('integrations');
  const isAdmin = useOrganisationAdmin(envId);
  const [initial] = useState(() => ({ form: formOf(connector), customFields: connector.customFields, outputMappings: connector.outputMappings }));
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const save = async (): Promise<boolean> => {
    try {
      await request(updateConnector, {
        params: { envId, connectorId: connector.id },
        body: { ...bodyOf(connector.type, draft.form, connector), customFields: draft.customFields, outputMappings: draft.outputMappings },
      });
      toast.success({ summary: tr('errors:generic.save.success') });
      onSaved();
      onClose();
      return true;
    } catch (error) {
      setProblem(connectorErrorText(t, error));
      return false;
    }
  };
  const unsaved = useUnsavedChanges({ when: dirty, onSave: save });
  return (
    <Dialog isOpen onClose={() => unsaved.requestLeave(onClose)} title={`${t('editor.title')} — ${connector.name}`} style={{ width: 760 }}>
      <DialogBody>
        {problem && (
          <Callout intent={Intent.DANGER} role="alert" compact>
            {problem}
          </Callout>
        )}
        <H5>{t('editor.settings')}</H5>
        <AutoForm
          id="connector-edit"
          fields={connectorFields(t, connector.type, draft.form, connector.secretsSet, callbackUriOf(window.location.origin, connector.type), isAdmin)}
          value={draft.form}
          onChange={(form) => setDraft({ ...draft, form })}
        />
        <SalesforceCertificate envId={envId} connector={connector} onGenerated={onSaved} />
        <H5>{t('editor.customFields')}</H5>
        <p className="bp6-text-muted">{t('editor.customFieldsHelp')}</p>
        <CustomFieldsTable fields={draft.customFields} onChange={(customFields) => setDraft({ ...draft, customFields })} />
        <H5>{t('editor.mappings')}</H5>
        <MappingsTable type={connector.type} mappings={draft.outputMappings} customFields={draft.customFields} onChange={(outputMappings) => setDraft({ ...draft, outputMappings })} />
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text={t('editor.save')} disabled={!dirty} onClick={() => void save()} />} />
      {unsaved.dialog}
    </Dialog>
  );
}
