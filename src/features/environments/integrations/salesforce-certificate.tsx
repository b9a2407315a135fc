/**
 * §4 the CRM connector's auto-generated key, steps 1 and 2: generate the key pair and download the
 * certificate, with what to do next (place it in the connected app — Salesforce may take up to 10
 * minutes to accept it, §9 — then authorize). Generating again replaces the key: the connector must
 * then be authorized again, which the confirmation says. Shown in the editor and, before its first
 * authorization, in the wizard's authorization step (`intro` says the steps there).
 */
import { useState } from 'react';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { generateConnectorCertificate, type Connector } from '../../../contract/integrations';
import { confirm } from '../../../ui/dialogs/dialog-service';
import { tr } from '../../../ui/message';
import { saveText } from '../../../ui/save-blob';
import { connectorErrorText } from './messages';

/** Whether a connector signs with a key Postroom generates (§4): then it needs the certificate step before authorizing. */
export const needsGeneratedCertificate = (connector: Connector): boolean =>
  connector.settings.type === 'salesforce' && connector.settings.salesforce.type === 'jwt' && connector.settings.salesforce.privateKeyMode === 'generated';

export function SalesforceCertificate({ envId, connector, onGenerated, intro = false }: { envId: string; connector: Connector; onGenerated: () => void; intro?: boolean }) {
  const { t } = useTranslation('integrations');
  const [state, setState] = useState<{ kind: 'idle' | 'working' | 'done' } | { kind: 'failed'; text: string }>({ kind: 'idle' });
  if (!needsGeneratedCertificate(connector)) return null;
  // A key generated here replaces one too, even while `connector` still says none is stored.
  const hasKey = connector.secretsSet.includes('privateKey') || state.kind === 'done';
  const generate = async () => {
    if (hasKey && !(await confirm({ body: tr('integrations:certificate.replace'), danger: true }))) return;
    setState({ kind: 'working' });
    try {
      const { certificate } = await request(generateConnectorCertificate, { params: { envId, connectorId: connector.id } });
      saveText(certificate, `${connector.name.replace(/[^\p{L}\p{N}._-]+/gu, '-')}.crt`, 'application/x-pem-file');
      setState({ kind: 'done' });
      onGenerated();
    } catch (error) {
      setState({ kind: 'failed', text: connectorErrorText(t, error) });
    }
  };
  return (
    <div className="p-salesforce-certificate">
      {intro && <p>{t('certificate.intro')}</p>}
      <Button icon="download" text={t('certificate.generate')} loading={state.kind === 'working'} onClick={() => void generate()} />
      {state.kind === 'done' && <Callout intent={Intent.PRIMARY}>{t('certificate.next')}</Callout>}
      {state.kind === 'failed' && (
        <Callout intent={Intent.DANGER} role="alert">
          {state.text}
        </Callout>
      )}
    </div>
  );
}
