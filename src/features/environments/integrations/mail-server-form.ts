/**
 * The mail-server (IMAP + SMTP) connector's settings as field descriptors, and the conversions
 * between the flat form value and the contract's settings: the IMAP server, the sign-in (password or
 * OAuth 2.0 with a provider preset), how results are written, and SEND_REPLY through SMTP.
 */
import type { TFunction } from 'i18next';
import type { ImapSettings } from '../../../contract/integrations';
import type { AutoField } from '../../../ui/auto-form';

type Form = Record<string, unknown>;

const lines = (text: unknown) =>
  String(text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

export const emptyMailServerForm = (): Form => ({
  host: '',
  port: 993,
  tls: true,
  user: '',
  auth: 'password',
  password: '',
  oauthProvider: 'google',
  oauthClientId: '',
  clientSecret: '',
  oauthTenant: 'organizations',
  oauthAuthorizationUrl: '',
  oauthTokenUrl: '',
  oauthScopes: '',
  oauthRedirectUri: '',
  folder: 'INBOX',
  draftsFolder: 'Drafts',
  labelAs: 'keywords',
  labelsFolder: 'Postroom',
  sendReplies: false,
  smtpHost: '',
  smtpPort: 465,
  smtpTls: true,
  smtpFrom: '',
  smtpCategories: '',
  sentFolder: 'Sent',
});

/** The stored settings as the form's flat value (secrets are never known: their fields start empty). */
export function mailServerFormOf(s: ImapSettings): Form {
  return {
    ...emptyMailServerForm(),
    host: s.host,
    port: s.port,
    tls: s.tls,
    user: s.user,
    auth: s.auth,
    oauthProvider: s.oauth.provider,
    oauthClientId: s.oauth.clientId,
    oauthTenant: s.oauth.tenant,
    oauthAuthorizationUrl: s.oauth.authorizationUrl,
    oauthTokenUrl: s.oauth.tokenUrl,
    oauthScopes: s.oauth.scopes,
    oauthRedirectUri: s.oauth.redirectUri,
    folder: s.folder,
    draftsFolder: s.draftsFolder,
    labelAs: s.labelAs,
    labelsFolder: s.labelsFolder,
    sendReplies: s.smtp.sendReplies,
    smtpHost: s.smtp.host,
    smtpPort: s.smtp.port,
    smtpTls: s.smtp.tls,
    smtpFrom: s.smtp.from,
    smtpCategories: s.smtp.categories.join('\n'),
    sentFolder: s.smtp.sentFolder,
  };
}

export function mailServerBodyOf(form: Form, startDate: string): { settings: ImapSettings; secrets: Record<string, string> } {
  const oauth2 = form.auth === 'oauth2';
  const provider = form.oauthProvider === 'microsoft' || form.oauthProvider === 'custom' ? form.oauthProvider : 'google';
  const settings: ImapSettings = {
    host: String(form.host ?? ''),
    port: Number(form.port ?? 993),
    tls: Boolean(form.tls),
    user: String(form.user ?? ''),
    folder: String(form.folder || 'INBOX'),
    draftsFolder: String(form.draftsFolder || 'Drafts'),
    labelAs: form.labelAs === 'folders' ? 'folders' : 'keywords',
    labelsFolder: String(form.labelsFolder || 'Postroom'),
    startDate,
    blacklist: lines(form.blacklist),
    auth: oauth2 ? 'oauth2' : 'password',
    oauth: {
      provider,
      clientId: String(form.oauthClientId ?? '').trim(),
      tenant: String(form.oauthTenant || 'organizations').trim(),
      authorizationUrl: String(form.oauthAuthorizationUrl ?? '').trim(),
      tokenUrl: String(form.oauthTokenUrl ?? '').trim(),
      scopes: String(form.oauthScopes ?? '').trim(),
      redirectUri: String(form.oauthRedirectUri ?? '').trim(),
    },
    smtp: {
      sendReplies: Boolean(form.sendReplies),
      host: String(form.smtpHost ?? '').trim(),
      port: Number(form.smtpPort ?? 465),
      tls: Boolean(form.smtpTls),
      from: String(form.smtpFrom ?? '').trim(),
      categories: lines(form.smtpCategories),
      sentFolder: String(form.sentFolder || 'Sent'),
    },
  };
  // Only the secret of the sign-in chosen, and only when typed (empty keeps the stored one).
  const secret = oauth2 ? { name: 'clientSecret', value: form.clientSecret } : { name: 'password', value: form.password };
  return { settings, secrets: secret.value ? { [secret.name]: String(secret.value) } : {} };
}

export function mailServerFields(t: TFunction<'integrations'>, form: Form, secretsSet: readonly string[], callbackUri: string): AutoField[] {
  const secretHelp = (name: string) => (secretsSet.includes(name) ? t('fields.secretKept') : t('fields.secretHidden'));
  const oauth2 = form.auth === 'oauth2';
  const custom = oauth2 && form.oauthProvider === 'custom';
  const sending = Boolean(form.sendReplies);
  const fields: AutoField[] = [
    { name: 'name', kind: 'text', label: t('fields.name'), required: true },
    { name: 'host', kind: 'text', label: t('fields.host'), required: true, placeholder: 'imap.example.com' },
    { name: 'port', kind: 'number', label: t('fields.port'), min: 1, max: 65535 },
    { name: 'tls', kind: 'switch', label: t('fields.tls') },
    { name: 'user', kind: 'text', label: t('fields.user'), required: true },
    {
      name: 'auth',
      kind: 'select',
      label: t('fields.mailAuth'),
      options: [
        { value: 'password', label: t('fields.mailAuthPassword') },
        { value: 'oauth2', label: t('fields.mailAuthOAuth') },
      ],
    },
    { name: 'password', kind: 'password', label: t('fields.password'), help: secretHelp('password'), hidden: oauth2 },
    {
      name: 'oauthProvider',
      kind: 'select',
      label: t('fields.oauthProvider'),
      options: [
        { value: 'google', label: t('fields.oauthProviderGoogle') },
        { value: 'microsoft', label: t('fields.oauthProviderMicrosoft') },
        { value: 'custom', label: t('fields.oauthProviderCustom') },
      ],
      hidden: !oauth2,
    },
    { name: 'oauthClientId', kind: 'text', label: t('fields.clientId'), required: oauth2, hidden: !oauth2 },
    { name: 'clientSecret', kind: 'password', label: t('fields.clientSecret'), help: secretHelp('clientSecret'), hidden: !oauth2 },
    { name: 'oauthTenant', kind: 'text', label: t('fields.tenantId'), help: t('fields.oauthTenantHelp'), hidden: !(oauth2 && form.oauthProvider === 'microsoft') },
    { name: 'oauthAuthorizationUrl', kind: 'text', label: t('fields.oauthAuthorizationUrl'), required: custom, placeholder: 'https://id.example.com/authorize', hidden: !custom },
    { name: 'oauthTokenUrl', kind: 'text', label: t('fields.oauthTokenUrl'), required: custom, placeholder: 'https://id.example.com/token', hidden: !custom },
    { name: 'oauthScopes', kind: 'text', label: t('fields.oauthScopes'), help: t(custom ? 'fields.oauthScopesCustomHelp' : 'fields.oauthScopesHelp'), required: custom, hidden: !oauth2 },
    { name: 'oauthRedirectUri', kind: 'text', label: t('fields.redirectUri'), help: t('fields.redirectUriHelp', { uri: callbackUri }), hidden: !oauth2 },
    { name: 'folder', kind: 'text', label: t('fields.folder') },
    { name: 'draftsFolder', kind: 'text', label: t('fields.draftsFolder') },
    {
      name: 'labelAs',
      kind: 'select',
      label: t('fields.labelAs'),
      options: [
        { value: 'keywords', label: t('fields.labelAsKeywords') },
        { value: 'folders', label: t('fields.labelAsFolders') },
      ],
    },
    { name: 'labelsFolder', kind: 'text', label: t('fields.labelsFolder'), help: t('fields.labelsFolderHelp'), hidden: form.labelAs !== 'folders' },
    { name: 'sendReplies', kind: 'switch', label: t('fields.sendReplies'), help: t('fields.sendRepliesHelp') },
    { name: 'smtpHost', kind: 'text', label: t('fields.smtpHost'), required: sending, placeholder: 'smtp.example.com', hidden: !sending },
    { name: 'smtpPort', kind: 'number', label: t('fields.smtpPort'), min: 1, max: 65535, hidden: !sending },
    { name: 'smtpTls', kind: 'switch', label: t('fields.smtpTls'), hidden: !sending },
    { name: 'smtpFrom', kind: 'text', label: t('fields.smtpFrom'), help: t('fields.smtpFromHelp'), hidden: !sending },
    { name: 'smtpCategories', kind: 'textarea', label: t('fields.smtpCategories'), help: t('fields.smtpCategoriesHelp'), hidden: !sending },
    { name: 'sentFolder', kind: 'text', label: t('fields.sentFolder'), hidden: !sending },
  ];
  // Only the fields that apply to the choices made (the tail — start date, blacklist — is the caller's).
  return fields.filter((field) => !field.hidden);
}
