/**
 * The settings form of the record connectors (Jira, Salesforce, n8n) as data, beside the mailbox
 * types of connector-form.ts: empty form, form from a stored connector, body from the form, and the
 * AutoForm field descriptors. They have no start date or blacklist: they take the environment's
 * analyses.
 */
import type { TFunction } from 'i18next';
import type { AutoField } from '../../../ui/auto-form';
import type { Connector, ConnectorSettings } from '../../../contract/integrations';
import { SALESFORCE_TYPES, type SalesforceSettings } from '../../../contract/integrations-salesforce';

export type RecordType = 'jira' | 'salesforce' | 'n8n';
type Form = Record<string, unknown> & { name: string };

const text = (value: unknown) => String(value ?? '').trim();
const salesforceTypeOf = (form: Form): SalesforceSettings['type'] => (SALESFORCE_TYPES as readonly unknown[]).includes(form.type) ? (form.type as SalesforceSettings['type']) : 'jwt';

export function emptyRecordForm(type: RecordType): Form {
  if (type === 'jira') return { name: '', clientId: '', clientSecret: '', tenantId: '', projectKey: '', issueType: 'Task', redirectUri: '' };
  if (type === 'salesforce') return { name: '', clientId: '', domain: '', type: 'jwt', privateKeyMode: 'generated', user: '', privateKey: '', clientSecret: '', password: '', redirectUri: '', caseFilters: '', expectConsolidation: false };
  return { name: '', baseUrl: '', apiKey: '' };
}

export function recordFormOf(connector: Connector): Form | null {
  const s = connector.settings;
  if (s.type === 'jira') return { name: connector.name, ...s.jira, clientSecret: '' };
  if (s.type === 'salesforce') {
    const { customCaseFilters, ...rest } = s.salesforce;
    return { name: connector.name, ...rest, caseFilters: customCaseFilters.map((filter) => filter.field).join('\n'), privateKey: '', clientSecret: '', password: '' };
  }
  if (s.type === 'n8n') return { name: connector.name, ...s.n8n, apiKey: '' };
  return null;
}

/** Only the secrets typed in are sent: an empty field keeps the stored one. */
const given = (form: Form, names: readonly string[]) => Object.fromEntries(names.filter((name) => text(form[name]) !== '').map((name) => [name, String(form[name])]));

export function recordBodyOf(type: RecordType, form: Form): { name: string; settings: ConnectorSettings; secrets: Record<string, string> } {
  if (type === 'jira') {
    return {
      name: form.name,
      settings: { type: 'jira', jira: { clientId: text(form.clientId), tenantId: text(form.tenantId), projectKey: text(form.projectKey).toUpperCase(), issueType: text(form.issueType) || 'Task', redirectUri: text(form.redirectUri) } },
      secrets: given(form, ['clientSecret']),
    };
  }
  if (type === 'salesforce') {
    const fields = text(form.caseFilters).split(/[\s,;]+/).filter((field) => field !== '');
    return {
      name: form.name,
      settings: {
        type: 'salesforce',
        salesforce: {
          clientId: text(form.clientId),
          domain: text(form.domain),
          type: salesforceTypeOf(form),
          privateKeyMode: form.privateKeyMode === 'provided' ? 'provided' : 'generated',
          user: text(form.user),
          customCaseFilters: fields.map((field) => ({ field })),
          expectConsolidation: Boolean(form.expectConsolidation),
          redirectUri: text(form.redirectUri),
        },
      },
      secrets: given(form, ['privateKey', 'clientSecret', 'password']),
    };
  }
  return { name: form.name, settings: { type: 'n8n', n8n: { baseUrl: text(form.baseUrl) } }, secrets: given(form, ['apiKey']) };
}

export function recordFields(t: TFunction<'integrations'>, type: RecordType, form: Form, secretsSet: readonly string[], callbackUri: string, isAdmin: boolean): AutoField[] {
  const secretHelp = (name: string) => (secretsSet.includes(name) ? t('fields.secretKept') : t('fields.secretHidden'));
  const name: AutoField = { name: 'name', kind: 'text', label: t('fields.name'), required: true };
  if (type === 'jira') {
    return [
      name,
      { name: 'clientId', kind: 'text', label: t('fields.clientId'), required: true },
      { name: 'clientSecret', kind: 'password', label: t('fields.clientSecret'), help: secretHelp('clientSecret') },
      { name: 'tenantId', kind: 'text', label: t('fields.jiraSite'), help: t('fields.jiraSiteHelp') },
      { name: 'projectKey', kind: 'text', label: t('fields.jiraProject'), required: true, placeholder: 'SUP' },
      { name: 'issueType', kind: 'text', label: t('fields.jiraIssueType') },
      { name: 'redirectUri', kind: 'text', label: t('fields.redirectUri'), help: t('fields.redirectUriHelp', { uri: callbackUri }) },
    ];
  }
  if (type === 'salesforce') {
    const kind = salesforceTypeOf(form);
    const jwt = kind === 'jwt';
    return [
      name,
      { name: 'clientId', kind: 'text', label: t('fields.salesforceClientId'), required: true },
      { name: 'domain', kind: 'text', label: t('fields.salesforceDomain'), required: true, placeholder: 'https://acme.my.salesforce.com' },
      { name: 'user', kind: 'text', label: t('fields.user'), required: true },
      {
        name: 'type',
        kind: 'select',
        label: t('fields.salesforceType'),
        options: [
          { value: 'jwt', label: t('fields.salesforceJwt') },
          { value: 'webServer', label: t('fields.salesforceWebServer') },
          { value: 'credentials', label: t('fields.salesforceCredentials') },
        ],
      },
      { name: 'privateKeyMode', kind: 'select', label: t('fields.salesforceKeyMode'), hidden: !jwt, options: [{ value: 'generated', label: t('fields.salesforceKeyGenerated') }, { value: 'provided', label: t('fields.salesforceKeyProvided') }] },
      { name: 'privateKey', kind: 'textarea', label: t('fields.salesforcePrivateKey'), help: secretHelp('privateKey'), hidden: !jwt || form.privateKeyMode !== 'provided' },
      { name: 'clientSecret', kind: 'password', label: t('fields.clientSecret'), help: secretHelp('clientSecret'), hidden: jwt },
      { name: 'password', kind: 'password', label: t('fields.salesforcePassword'), help: secretHelp('password'), hidden: kind !== 'credentials' },
      { name: 'redirectUri', kind: 'text', label: t('fields.redirectUri'), help: t('fields.redirectUriHelp', { uri: callbackUri }), hidden: kind !== 'webServer' },
      { name: 'expectConsolidation', kind: 'switch', label: t('fields.expectConsolidation') },
      // §6: the advanced section is for organisation admins only (the server refuses others' changes).
      { name: 'caseFilters', kind: 'textarea', label: t('fields.caseFilters'), help: t('fields.caseFiltersHelp'), hidden: !isAdmin },
    ];
  }
  return [
    name,
    { name: 'baseUrl', kind: 'text', label: t('fields.n8nUrl'), required: true, placeholder: 'https://n8n.example.com' },
    { name: 'apiKey', kind: 'password', label: t('fields.n8nApiKey'), help: secretHelp('apiKey') },
  ];
}
