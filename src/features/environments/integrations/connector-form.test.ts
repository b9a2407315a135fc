/** The connector settings form as data: the IMAP label mode shows its parent folder and reaches the body; the Microsoft 365 fields. */
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../app/paths';
import { CONNECTOR_TYPES } from '../../../contract/integrations';
import { bodyOf, callbackUriOf, connectorFields, emptyForm } from './connector-form';

const t = ((key: string) => key) as unknown as TFunction<'integrations'>;
const names = (form: ReturnType<typeof emptyForm>) => connectorFields(t, 'imap', form, [], '').map((field) => field.name);

describe('IMAP label mode', () => {
  it('asks for the labels folder only when labels are written as folders', () => {
    const form = emptyForm('imap');
    expect(names(form)).toContain('labelAs');
    expect(names(form)).not.toContain('labelsFolder');
    expect(names({ ...form, labelAs: 'folders' })).toContain('labelsFolder');
  });

  it('sends the mode and the parent folder, with the defaults when left empty', () => {
    const form = { ...emptyForm('imap'), name: 'Boîte', host: 'imap.example.com', user: 'a@example.com' };
    const keywords = bodyOf('imap', form).settings;
    expect(keywords.type === 'imap' && keywords.imap).toMatchObject({ labelAs: 'keywords', labelsFolder: 'Postroom' });
    const folders = bodyOf('imap', { ...form, labelAs: 'folders', labelsFolder: 'Tri' }).settings;
    expect(folders.type === 'imap' && folders.imap).toMatchObject({ labelAs: 'folders', labelsFolder: 'Tri' });
  });
});

describe('Microsoft 365 settings', () => {
  it('asks for the app, the tenant, the secret and the mailbox, and sends the secret only when typed', () => {
    const form = { ...emptyForm('m365'), name: 'Outlook', clientId: ' 6a1f0c52 ', tenantId: 'contoso.onmicrosoft.com', user: 'support@contoso.com', blacklist: 'spam.example\n\nx@y.z' };
    expect(connectorFields(t, 'm365', form, [], '').map((field) => field.name)).toEqual(['name', 'clientId', 'tenantId', 'clientSecret', 'user', 'startDate', 'blacklist']);
    const body = bodyOf('m365', { ...form, clientSecret: 's3cret' });
    expect(body.settings).toMatchObject({ type: 'm365', m365: { clientId: '6a1f0c52', tenantId: 'contoso.onmicrosoft.com', user: 'support@contoso.com', blacklist: ['spam.example', 'x@y.z'] } });
    expect(body.secrets).toEqual({ clientSecret: 's3cret' });
    expect(bodyOf('m365', form).secrets).toEqual({});
  });
});

describe('Salesforce settings', () => {
  const shown = (form: ReturnType<typeof emptyForm>, isAdmin = true) => connectorFields(t, 'salesforce', form, [], 'https://console.example/integrations/salesforce/callback', isAdmin)
      .filter((field) => field.hidden !== true)
      .map((field) => field.name);

  it('asks per type for what it signs in with: the secret and redirect URI for the web-server flow, the password for credentials, the key for JWT', () => {
    const form = { ...emptyForm('salesforce'), name: 'CRM', clientId: 'key', domain: 'https://acme.my.salesforce.com', user: 'int@acme.example' };
    expect(shown(form)).toEqual(expect.arrayContaining(['privateKeyMode']));
    expect(shown(form)).not.toContain('clientSecret');
    const web = shown({ ...form, type: 'webServer' });
    expect(web).toEqual(expect.arrayContaining(['clientSecret', 'redirectUri']));
    expect(web).not.toContain('password');
    expect(web).not.toContain('privateKeyMode');
    expect(shown({ ...form, type: 'credentials' })).toEqual(expect.arrayContaining(['clientSecret', 'password']));
    expect(shown({ ...form, type: 'credentials' })).not.toContain('redirectUri');
    const body = bodyOf('salesforce', { ...form, type: 'webServer', clientSecret: 's3cret', redirectUri: ' ' });
    expect(body.settings).toMatchObject({ type: 'salesforce', salesforce: { type: 'webServer', redirectUri: '' } });
    expect(body.secrets).toEqual({ clientSecret: 's3cret' });
  });

  it('shows the custom case filters to organisation admins only (§6)', () => {
    expect(shown(emptyForm('salesforce'), true)).toContain('caseFilters');
    expect(shown(emptyForm('salesforce'), false)).not.toContain('caseFilters');
  });
});

describe('IMAP sign-in and SEND_REPLY', () => {
  const base = { ...emptyForm('imap'), name: 'Boîte', host: 'imap.example.com', user: 'support@example.com' };

  it('asks for the password, or for the OAuth 2.0 client and, for another provider, its addresses', () => {
    expect(names(base)).toContain('password');
    expect(names(base)).not.toContain('oauthClientId');
    const google = names({ ...base, auth: 'oauth2' });
    expect(google).toEqual(expect.arrayContaining(['oauthProvider', 'oauthClientId', 'clientSecret', 'oauthScopes', 'oauthRedirectUri']));
    expect(google).not.toContain('password');
    expect(google).not.toContain('oauthTokenUrl');
    expect(names({ ...base, auth: 'oauth2', oauthProvider: 'microsoft' })).toContain('oauthTenant');
    expect(names({ ...base, auth: 'oauth2', oauthProvider: 'custom' })).toEqual(expect.arrayContaining(['oauthAuthorizationUrl', 'oauthTokenUrl']));
  });

  it('sends the OAuth 2.0 settings with the client secret only, never the password', () => {
    const body = bodyOf('imap', { ...base, auth: 'oauth2', oauthProvider: 'microsoft', oauthClientId: ' app-id ', clientSecret: 's3cret', password: 'old' });
    expect(body.settings.type === 'imap' && body.settings.imap).toMatchObject({ auth: 'oauth2', oauth: { provider: 'microsoft', clientId: 'app-id', tenant: 'organizations' } });
    expect(body.secrets).toEqual({ clientSecret: 's3cret' });
    expect(bodyOf('imap', { ...base, password: 'pw' }).secrets).toEqual({ password: 'pw' });
  });

  it('shows the SMTP server only once sending is on, and sends the chosen categories', () => {
    expect(names(base)).not.toContain('smtpHost');
    const form = { ...base, sendReplies: true, smtpHost: 'smtp.example.com', smtpPort: 587, smtpTls: false, smtpCategories: 'Résiliation\n\n Sinistre ' };
    expect(names(form)).toEqual(expect.arrayContaining(['smtpHost', 'smtpPort', 'smtpTls', 'smtpFrom', 'smtpCategories', 'sentFolder']));
    const settings = bodyOf('imap', form).settings;
    expect(settings.type === 'imap' && settings.imap.smtp).toEqual({ sendReplies: true, host: 'smtp.example.com', port: 587, tls: false, from: '', categories: ['Résiliation', 'Sinistre'], sentFolder: 'Sent' });
  });
});

describe('the redirect URI to register', () => {
  /** A t that shows the help's URI, as the screen does. */
  const shownUri = ((key: string, params?: { uri?: string }) => params?.uri ?? key) as unknown as TFunction<'integrations'>;
  const helpOf = (type: 'imap' | 'jira', form: ReturnType<typeof emptyForm>, name: string) =>
    connectorFields(shownUri, type, form, [], callbackUriOf('https://console.example', type)).find((field) => field.name === name)?.help;

  it("is, for a mail server's OAuth 2.0, the webmail's callback route the server sends the provider back to", () => {
    expect(helpOf('imap', { ...emptyForm('imap'), auth: 'oauth2' }, 'oauthRedirectUri')).toBe('https://console.example/integrations/gmail/callback');
    expect(helpOf('jira', emptyForm('jira'), 'redirectUri')).toBe('https://console.example/integrations/jira/callback');
  });

  it('is always a route of the console', () => {
    const routes = [paths.gmailCallback(), paths.jiraCallback(), paths.salesforceCallback()];
    for (const type of CONNECTOR_TYPES) {
      const uri = callbackUriOf('https://console.example', type);
      if (uri !== '') expect(routes).toContain(new URL(uri).pathname);
    }
  });
});
