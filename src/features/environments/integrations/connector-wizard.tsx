/**
 * The create wizard (§2.4): type, credentials and settings (created on leaving that step),
 * authorization, then a connection test. Closing with typed, uncreated settings asks first. A
 * Salesforce connector signing with a generated key (the form's default) gets §4's certificate step
 * inside the authorization step: authorizing is offered once the certificate is downloaded.
 */
import { useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, HTMLSelect, Intent, Tag } from '@blueprintjs/core';
import { Dialog } from '../../../ui/dialog';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { checkConnector, CONNECTOR_TYPES, createConnector, type Connector, type ConnectorType } from '../../../contract/integrations';
import { AutoForm } from '../../../ui/auto-form';
import { useUnsavedChanges } from '../../../ui/unsaved-changes';
import { startAuthorization } from './authorize';
import { bodyOf, callbackUriOf, connectorFields, emptyForm, type ConnectorForm } from './connector-form';
import { connectorCodeText, connectorErrorText } from './messages';
import { needsGeneratedCertificate, SalesforceCertificate } from './salesforce-certificate';
import { useOrganisationAdmin } from './use-organisation-admin';

type Step = 'type' | 'settings' | 'authorization' | 'test';
const STEPS: Step[] = ['type', 'settings', 'authorization', 'test'];

export function ConnectorWizard({ envId, onClose, onChanged }: { envId: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation('integrations');
  const [step, setStep] = useState<Step>('type');
  const [type, setType] = useState<ConnectorType>('gmail');
  const [form, setForm] = useState<ConnectorForm>(() => emptyForm('gmail'));
  const [connector, setConnector] = useState<Connector | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [tested, setTested] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [certificateReady, setCertificateReady] = useState(false);
  const isAdmin = useOrganisationAdmin(envId);
  const callbackUri = callbackUriOf(window.location.origin, type);
  const unsaved = useUnsavedChanges({ when: connector === null && step === 'settings' && form.name !== '' });
  const close = () => unsaved.requestLeave(onClose);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(connectorErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    act(async () => {
      const created = await request(createConnector, { params: { envId }, body: { ...bodyOf(type, form), customFields: [] } });
      setConnector(created);
      onChanged();
      setStep('authorization');
    });
  const authorize = () =>
    act(async () => {
      const outcome = await startAuthorization(envId, connector!.id);
      if (outcome.kind === 'done') {
        setConnector(outcome.connector);
        onChanged();
        setStep('test');
      }
    });
  const test = () =>
    act(async () => {
      const result = await request(checkConnector, { params: { envId, connectorId: connector!.id } });
      setTested({ ok: result.ok, text: result.ok ? t('healthOk') : (connectorCodeText(t, result.code, result.detail) ?? '') });
    });

  return (
    <Dialog isOpen onClose={close} title={t('wizard.title')} style={{ width: 560 }}>
      <DialogBody>
        <ol className="p-steps" aria-label={t('wizard.title')}>
          {STEPS.map((name) => (
            <li key={name} aria-current={name === step ? 'step' : undefined}>
              <Tag minimal={name !== step} intent={name === step ? Intent.PRIMARY : Intent.NONE}>
                {t(`wizard.steps.${name}`)}
              </Tag>
            </li>
          ))}
        </ol>
        {problem && (
          <Callout intent={Intent.DANGER} role="alert" compact>
            {problem}
          </Callout>
        )}
        {step === 'type' && (
          <HTMLSelect
            aria-label={t('wizard.steps.type')}
            value={type}
            onChange={(e) => {
              const next = e.currentTarget.value as ConnectorType;
              setType(next);
              setForm(emptyForm(next));
            }}
            options={CONNECTOR_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
          />
        )}
        {step === 'settings' && <AutoForm id="connector" fields={connectorFields(t, type, form, [], callbackUri, isAdmin)} value={form} onChange={setForm} />}
        {step === 'authorization' && (
          <>
            <p>{t('wizard.authorizeHelp')}</p>
            {connector !== null && (
              <SalesforceCertificate
                envId={envId}
                connector={connector}
                intro
                onGenerated={() => {
                  setCertificateReady(true);
                  onChanged();
                }}
              />
            )}
          </>
        )}
        {step === 'test' && (
          <>
            <p>{t('wizard.testHelp')}</p>
            <Callout intent={tested === null ? Intent.NONE : tested.ok ? Intent.SUCCESS : Intent.DANGER} compact>
              {tested?.text ?? t('wizard.notTested')}
            </Callout>
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {step === 'settings' && <Button text={t('wizard.back')} onClick={() => setStep('type')} />}
            {step === 'type' && <Button intent="primary" text={t('wizard.next')} onClick={() => setStep('settings')} />}
            {step === 'settings' && <Button intent="primary" loading={busy} disabled={form.name.trim() === ''} text={t('wizard.create')} onClick={() => void create()} />}
            {step === 'authorization' && (
              <Button intent="primary" loading={busy} disabled={connector !== null && needsGeneratedCertificate(connector) && !certificateReady} text={t('actions.authorize')} onClick={() => void authorize()} />
            )}
            {step === 'test' && <Button loading={busy} text={t('actions.health')} onClick={() => void test()} />}
            {(step === 'authorization' || step === 'test') && <Button text={t('wizard.close')} onClick={onClose} />}
          </>
        }
      />
      {unsaved.dialog}
    </Dialog>
  );
}
