/**
 * Deleting a connector from the list, with its confirmation. An n8n connector deletes its workflow
 * too (§8); when the instance cannot be reached or refuses the key the server refuses, and the admin
 * is offered to delete the connector anyway, knowing the workflow stays in n8n (the server audits that
 * choice as its own operation).
 */
import type { TFunction } from 'i18next';
import { serverCode } from '../../../api/errors';
import { request } from '../../../api/request';
import { deleteConnector, deleteConnectorKeepingWorkflow, type Connector, type ConnectorErrorCode } from '../../../contract/integrations';
import { confirm } from '../../../ui/dialogs/dialog-service';
import { tr } from '../../../ui/message';
import { connectorErrorText } from './messages';

const TOOL_OUT_OF_REACH: readonly (string | undefined)[] = ['n8nUnreachable', 'n8nKeyRefused'] satisfies ConnectorErrorCode[];

/** Answers whether the connector was deleted; other refusals throw as the server gave them. */
export async function deleteWithConfirmation(t: TFunction<'integrations'>, envId: string, connector: Connector): Promise<boolean> {
  if (!(await confirm({ body: tr('integrations:deleteConfirm', { name: connector.name }), danger: true }))) return false;
  const params = { envId, connectorId: connector.id };
  try {
    await request(deleteConnector, { params });
    return true;
  } catch (error) {
    if (!TOOL_OUT_OF_REACH.includes(serverCode(error))) throw error;
    const anyway = await confirm({
      body: tr('integrations:deleteAnyway.body', { reason: connectorErrorText(t, error), name: connector.name }),
      confirmLabel: tr('integrations:deleteAnyway.confirm'),
      danger: true,
    });
    if (!anyway) return false;
    await request(deleteConnectorKeepingWorkflow, { params, body: { keepWorkflow: true } });
    return true;
  }
}
