/**
 * The standalone authorization pages of the integrations (spec §2.2), outside every layout.
 */
import type { RouteObject } from 'react-router';
import { page, soon } from './route-page';

export const integrationCallbackRoutes: RouteObject[] = [
  soon('integrations/salesforce/callback', 'salesforceCallback'),
  page('integrations/external', 'externalIntegration', () => import('../features/environments/integrations/gmail-callback-page').then((m) => m.ExternalAuthorizationPage)),
  page('integrations/jira/callback', 'jiraCallback', () => import('../features/environments/integrations/gmail-callback-page').then((m) => m.GmailCallbackPage)),
  page('integrations/gmail/callback', 'gmailCallback', () => import('../features/environments/integrations/gmail-callback-page').then((m) => m.GmailCallbackPage)),
];
