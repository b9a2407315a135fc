/**
 * The connector settings screen as data: the field descriptors of each type for AutoForm, and the
 * conversions between the flat form value and the contract's body (settings + write-only secrets).
 */
import type { TFunction } from 'i18next';
import type { AutoField } from '../../../ui/auto-form';
import { CONNECTOR_PROFILES, mailboxOf, type Connector, type ConnectorSettings, type ConnectorType } from '../../../contract/integrations';
import { emptyMailServerForm, mailServerBodyOf, mailServerFields, mailServerFormOf } from './mail-server-form';
import { emptyRecordForm, recordBodyOf, recordFields, recordFormOf, type RecordType } from './record-connector-form';

/** Jira, Salesforce and n8n: their form lives in record-connector-form.ts. */
const isRecord = (type: ConnectorType): type is RecordType => CONNECTOR_PROFILES[type].kind === 'records';

export type ConnectorForm = Record<string, unknown> & { name: string };

const pad = (n: number) => String(n).padStart(2, '0');
/** A date as the `datetime-local` control's text, in the browser's time zone. */
export const localInput = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
const iso = (local: unknown) => {
  const date = new Date(String(local ?? ''));
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
};
const lines = (text: unknown) =>
  String(text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * The redirect URI to register with the provider: the console route the server itself sends it to
 * (the type's profile; a mail server's OAuth 2.0 comes back through the webmail's route). '' for a
 * type that never signs in through a consent page.
 */
export function callbackUriOf(origin: string, type: ConnectorType): string {
  const path = CONNECTOR_PROFILES[type].callbackPath;
  return path === null ? '' : `${origin}${path}`;
}

export function emptyForm(type: ConnectorType, now = new Date()): ConnectorForm {
  if (isRecord(type)) return emptyRecordForm(type);
  const common = { name: '', startDate: localInput(now), blacklist: '' };
  if (type === 'imap') return { ...common, ...emptyMailServerForm() };
  if (type === 'm365') return { ...common, clientId: '', tenantId: '', clientSecret: '', user: '' };
  return { ...common, customCredentials: false, clientId: '', clientSecret: '', redirectUri: '', user: '' };
}

export function formOf(connector: Connector): ConnectorForm {
  const records = recordFormOf(connector);
  if (records !== null) return records;
  const s = connector.settings;
  if (s.type === 'imap') return { name: connector.name, ...mailServerFormOf(s.imap), startDate: localInput(new Date(s.imap.startDate)), blacklist: s.imap.blacklist.join('\n') };
  if (s.type === 'm365') return { name: connector.name, ...s.m365, startDate: localInput(new Date(s.m365.startDate)), blacklist: s.m365.blacklist.join('\n'), clientSecret: '' };
  if (s.type !== 'gmail') throw new Error(`no form for ${s.type}`);
  return { name: connector.name, ...s.gmail, startDate: localInput(new Date(s.gmail.startDate)), blacklist: s.gmail.blacklist.join('\n'), clientSecret: '' };
}

/** An unchanged start date keeps its stored value exactly (the server does not judge it again). */
export function bodyOf(type: ConnectorType, form: ConnectorForm, stored?: Connector): { name: string; settings: ConnectorSettings; secrets: Record<string, string> } {
  if (isRecord(type)) return recordBodyOf(type, form);
  const storedStart = stored ? (mailboxOf(stored.settings)?.startDate ?? null) : null;
  const startDate = storedStart !== null && localInput(new Date(storedStart)) === form.startDate ? storedStart : iso(form.startDate);
  if (type === 'imap') {
    const { settings, secrets } = mailServerBodyOf(form, startDate);
    return { name: form.name, settings: { type: 'imap', imap: settings }, secrets };
  }
  if (type === 'm365') {
    return {
      name: form.name,
      settings: { type: 'm365', m365: { clientId: String(form.clientId ?? '').trim(), tenantId: String(form.tenantId ?? '').trim(), user: String(form.user ?? ''), startDate, blacklist: lines(form.blacklist) } },
      secrets: form.clientSecret ? { clientSecret: String(form.clientSecret) } : {},
    };
  }
  return {
    name: form.name,
    settings: {
      type: 'gmail',
      gmail: { customCredentials: Boolean(form.customCredentials), clientId: String(form.clientId ?? ''), redirectUri: String(form.redirectUri ?? ''), user: String(form.user ?? ''), startDate, blacklist: lines(form.blacklist) },
    },
    secrets: form.clientSecret ? { clientSecret: String(form.clientSecret) } : {},
  };
}

export function connectorFields(t: TFunction<'integrations'>, type: ConnectorType, form: ConnectorForm, secretsSet: readonly string[], callbackUri: string, isAdmin = false): AutoField[] {
  if (isRecord(type)) return recordFields(t, type, form, secretsSet, callbackUri, isAdmin);
  const secretHelp = (name: string) => (secretsSet.includes(name) ? t('fields.secretKept') : t('fields.secretHidden'));
  const tail: AutoField[] = [
    { name: 'startDate', kind: 'datetime', label: t('fields.startDate'), help: t('fields.startDateHelp'), required: true },
    { name: 'blacklist', kind: 'textarea', label: t('fields.blacklist'), help: t('fields.blacklistHelp') },
  ];
  if (type === 'imap') return [...mailServerFields(t, form, secretsSet, callbackUri), ...tail];
  if (type === 'm365') {
    return [
      { name: 'name', kind: 'text', label: t('fields.name'), required: true },
      { name: 'clientId', kind: 'text', label: t('fields.m365ClientId'), help: t('fields.m365ClientIdHelp'), required: true, placeholder: '00000000-0000-0000-0000-000000000000' },
      { name: 'tenantId', kind: 'text', label: t('fields.tenantId'), help: t('fields.tenantIdHelp'), required: true, placeholder: 'contoso.onmicrosoft.com' },
      { name: 'clientSecret', kind: 'password', label: t('fields.m365Secret'), help: secretHelp('clientSecret') },
      { name: 'user', kind: 'text', label: t('fields.m365User'), help: t('fields.m365UserHelp'), required: true, placeholder: 'support@contoso.com' },
      ...tail,
    ];
  }
  const custom = Boolean(form.customCredentials);
  return [
    { name: 'name', kind: 'text', label: t('fields.name'), required: true },
    { name: 'user', kind: 'text', label: t('fields.gmailUser'), required: true, placeholder: 'support@example.com' },
    { name: 'customCredentials', kind: 'switch', label: t('fields.customCredentials') },
    { name: 'clientId', kind: 'text', label: t('fields.clientId'), hidden: !custom },
    { name: 'clientSecret', kind: 'password', label: t('fields.clientSecret'), help: secretHelp('clientSecret'), hidden: !custom },
    { name: 'redirectUri', kind: 'text', label: t('fields.redirectUri'), help: t('fields.redirectUriHelp', { uri: callbackUri }), hidden: !custom },
    ...tail,
  ];
}
