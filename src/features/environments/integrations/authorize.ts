/**
 * Starting a connector's authorization (§4, §7.3): login connectors (IMAP, Microsoft 365, Salesforce JWT or password)
 * are checked at once; OAuth connectors (Gmail, Jira, Salesforce web-server flow) send the browser to the provider, which comes
 * back to the console's callback route; n8n goes to the console's integrations/external page.
 */
import { request } from '../../../api/request';
import { authorizeConnector, type Connector } from '../../../contract/integrations';

export type AuthorizeOutcome = { kind: 'done'; connector: Connector } | { kind: 'redirect'; url: string };

export async function startAuthorization(envId: string, connectorId: string, go: (url: string) => void = (url) => window.location.assign(url)): Promise<AuthorizeOutcome> {
  const outcome = await request(authorizeConnector, { params: { envId, connectorId } });
  if (outcome.kind === 'redirect') go(outcome.url);
  return outcome;
}
