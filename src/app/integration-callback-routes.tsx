/**
 * The standalone authorization pages of the integrations (spec §2.2), outside every layout: one page
 * finishes every OAuth callback (the provider differs, the exchange does not).
 */
import type { RouteObject } from 'react-router';
import { forLightUsers, page } from './route-page';

const callbackPage = () => import('../features/environments/integrations/oauth-callback-page');

export const integrationCallbackRoutes: RouteObject[] = [
  page('integrations/salesforce/callback', 'salesforceCallback', () => callbackPage().then((m) => m.OAuthCallbackPage)),
  page('integrations/external', 'externalIntegration', () => callbackPage().then((m) => m.ExternalAuthorizationPage)),
  page('integrations/jira/callback', 'jiraCallback', () => callbackPage().then((m) => m.OAuthCallbackPage)),
  // Also the light user's webmail (self-service): its state sends it to their use case.
  forLightUsers(page('integrations/gmail/callback', 'gmailCallback', () => callbackPage().then((m) => m.OAuthCallbackPage))),
];
