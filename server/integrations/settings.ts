/**
 * Where the connectors' providers are (env variables, so tests point them at local protocol servers:
 * server/test-support/gmail-server.ts, m365-server.ts) and how often scheduled runs look for new mail.
 */
export interface IntegrationSettings {
  /** POSTROOM_GOOGLE_OAUTH_AUTHORIZE_URL: the page the user grants access on. */
  googleAuthorizeUrl: string;
  /** POSTROOM_GOOGLE_OAUTH_TOKEN_URL: code exchange and token renewal. */
  googleTokenUrl: string;
  /** POSTROOM_GMAIL_API_URL: the Gmail REST API's origin. */
  gmailApiUrl: string;
  /** POSTROOM_M365_LOGIN_URL: Microsoft identity platform's origin (`{origin}/{tenant}/oauth2/v2.0/token`). */
  m365LoginUrl: string;
  /** POSTROOM_GRAPH_API_URL: Microsoft Graph's origin (`{origin}/v1.0/users/{user}/messages`). */
  graphApiUrl: string;
  /** POSTROOM_GMAIL_CLIENT_ID / _SECRET: the platform's own Google client (connectors without custom credentials). */
  platformClientId?: string;
  platformClientSecret?: string;
  /** POSTROOM_ATLASSIAN_AUTHORIZE_URL / _TOKEN_URL / POSTROOM_ATLASSIAN_API_URL: Jira Cloud's OAuth 2.0 (3LO) and REST API. */
  atlassianAuthorizeUrl: string;
  atlassianTokenUrl: string;
  atlassianApiUrl: string;
  /** POSTROOM_CONNECTOR_INTERVAL_MS: time between two scheduled runs of a connector. */
  runEveryMs: number;
  /** POSTROOM_CONNECTOR_POLL_MS: how often each process looks for runs, schedules and write-backs. */
  pollMs: number;
}

export const INTEGRATION_DEFAULTS: IntegrationSettings = {
  googleAuthorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  googleTokenUrl: 'https://oauth2.googleapis.com/token',
  gmailApiUrl: 'https://gmail.googleapis.com',
  m365LoginUrl: 'https://login.microsoftonline.com',
  graphApiUrl: 'https://graph.microsoft.com',
  atlassianAuthorizeUrl: 'https://auth.atlassian.com/authorize',
  atlassianTokenUrl: 'https://auth.atlassian.com/oauth/token',
  atlassianApiUrl: 'https://api.atlassian.com',
  runEveryMs: 5 * 60_000,
  pollMs: 5_000,
};
