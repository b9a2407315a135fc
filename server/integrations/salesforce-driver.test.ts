/**
 * The Salesforce driver against the local Salesforce protocol server (server/test-support/salesforce-server.ts):
 * the generated-key flow of §4 (a certificate generated, refused until it is placed and has
 * propagated, then the JWT bearer sign-in), the username-password flow, a Case created from the
 * mapped values or the open Case with the same filter values updated, and a new sign-in when the
 * session ends.
 */
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesforceSettingsSchema, type SalesforceSettings } from '../../src/contract/integrations-salesforce';
import { createOutboundClient } from '../outbound/client';
import { SALESFORCE_TEST_APP, startSalesforceTestServer, type SalesforceTestServer } from '../test-support/salesforce-server';
import { generateCertificate } from './drivers/certificate';
import { salesforce, soqlLiteral } from './drivers/salesforce';
import type { DriverContext } from './drivers/types';
import { INTEGRATION_DEFAULTS } from './settings';

const outbound = createOutboundClient({ allowPrivate: true });

describe('the Salesforce driver', () => {
  let server: SalesforceTestServer;
  let settings: SalesforceSettings;
  let privateKey: string;
  let certificate: string;

  const context = (secrets: DriverContext['secrets'], overrides: Partial<SalesforceSettings> = {}): DriverContext => ({
    settings: { type: 'salesforce', salesforce: { ...settings, ...overrides } },
    secrets,
    outbound,
    integrations: INTEGRATION_DEFAULTS,
    saveSecrets: async () => undefined,
  });

  beforeAll(async () => {
    server = await startSalesforceTestServer();
    settings = salesforceSettingsSchema.parse({ clientId: SALESFORCE_TEST_APP.clientId, domain: server.url, user: SALESFORCE_TEST_APP.user });
    ({ privateKeyPem: privateKey, certificatePem: certificate } = await generateCertificate('Courrier entrant'));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('generates a certificate for the connected app, valid two years and carrying the connector name', () => {
    const parsed = new X509Certificate(certificate);
    expect(parsed.subject).toContain('CN=Courrier entrant');
    expect(new Date(parsed.validTo).getTime() - Date.now()).toBeGreaterThan(700 * 86_400_000);
    expect(privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });

  it('is refused until the certificate is placed and has propagated, then signs in by JWT', async () => {
    await expect(salesforce.healthCheck(context({ privateKey }))).rejects.toMatchObject({ code: 'authorizationFailed', detail: 'invalid_client' });
    server.placeCertificate(certificate);
    server.propagating = true;
    await expect(salesforce.healthCheck(context({ privateKey }))).rejects.toMatchObject({ code: 'authorizationFailed', detail: 'invalid_client' });
    server.propagating = false;
    await expect(salesforce.healthCheck(context({ privateKey }))).resolves.toBeUndefined();
    // Another key than the certificate's is refused.
    const other = await generateCertificate('Autre');
    await expect(salesforce.healthCheck(context({ privateKey: other.privateKeyPem }))).rejects.toMatchObject({ code: 'authorizationFailed', detail: 'invalid_grant' });
  });

  it('signs in with the username-password flow', async () => {
    const credentials = { clientSecret: SALESFORCE_TEST_APP.clientSecret, password: SALESFORCE_TEST_APP.password };
    await expect(salesforce.healthCheck(context(credentials, { type: 'credentials' }))).resolves.toBeUndefined();
    await expect(salesforce.healthCheck(context({ ...credentials, password: 'wrong' }, { type: 'credentials' }))).rejects.toMatchObject({ code: 'authorizationFailed', detail: 'invalid_grant' });
  });

  it('creates a Case, or updates the open Case with the same filter values', async () => {
    const ctx = context({ privateKey }, { customCaseFilters: [{ field: 'Contract_Number__c' }] });
    const closed = server.addCase({ Subject: 'Ancien', Contract_Number__c: "AB-7'7" }, true);
    const first = await salesforce.writeCase(ctx, 'Résiliation.eml', { tags: { Category__c: ['Résiliation', 'Urgent'], Contract_Number__c: ["AB-7'7"] }, draft: 'Bonjour' });
    expect(first).toMatchObject({ created: true });
    expect(first.id).not.toBe(closed);
    const second = await salesforce.writeCase(ctx, 'Relance.eml', { tags: { Category__c: ['Relance'], Contract_Number__c: ["AB-7'7"] }, draft: null });
    expect(second).toEqual({ id: first.id, created: false });
    const stored = server.cases().find((c) => c.Id === first.id)!;
    expect(stored.fields).toEqual({ Subject: 'Relance.eml', Category__c: 'Relance', Contract_Number__c: "AB-7'7", Description: 'Bonjour' });
    // Without every filter value, a new Case is created.
    expect((await salesforce.writeCase(ctx, 'Sans contrat.eml', { tags: { Category__c: ['Relance'] }, draft: null })).created).toBe(true);
  });

  it('signs in again when the session ends, and names a refused field', async () => {
    const ctx = context({ privateKey });
    await salesforce.healthCheck(ctx);
    const before = server.tokenRequests().length;
    server.endSessions();
    await salesforce.writeCase(ctx, 'Après expiration.eml', { tags: {}, draft: null });
    expect(server.tokenRequests().length).toBe(before + 1);
    await expect(salesforce.writeCase(ctx, 'x.eml', { tags: { Unknown__c: ['x'] }, draft: null })).rejects.toMatchObject({ code: 'healthCheckFailed', detail: 'Salesforce POST → HTTP 400 (INVALID_FIELD)' });
  });

  it('escapes SOQL literals', () => {
    expect(soqlLiteral("O'Brien \\ co")).toBe("'O\\'Brien \\\\ co'");
  });
});
