/** The connector settings form as data: the IMAP label mode shows its parent folder and reaches the body; the Microsoft 365 fields. */
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { bodyOf, connectorFields, emptyForm } from './connector-form';

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
