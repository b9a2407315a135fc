/**
 * The IMAP connector end to end against a real Dovecot (Debian's dovecot-imapd, started by the test
 * as a throwaway unprivileged process: server/test-support/dovecot.ts): authorization by login,
 * a run that queues the folder's new mail through the real pipeline, categories written back as
 * IMAP keywords and the reply draft appended to Drafts, dedup, the outbound guard, and scheduling
 * exactly once.
 */
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../src/contract/integrations';
import { createOutboundClient } from '../outbound/client';
import { connectorsPath, startConnectorHarness, type ConnectorHarness } from '../test-support/connector-harness';
import { dovecotBinary, startDovecot, type DovecotServer } from '../test-support/dovecot';
import type { IntegrationDeps } from './deps';
import { DRIVERS } from './drivers/index';
import { claimRun, connectorRound, scheduleDueRuns } from './job';
import { INTEGRATION_DEFAULTS } from './settings';

const binary = dovecotBinary();
if (binary === null) console.warn('SKIPPED: the IMAP connector tests need Dovecot (apt-get install -y dovecot-imapd), which is not installed.');

const ENV = 'demo-nlu-recette';
const base = connectorsPath(ENV);

describe.skipIf(binary === null)('the IMAP connector against Dovecot', () => {
  let dovecot: DovecotServer;
  let h: ConnectorHarness;
  let deps: IntegrationDeps;
  let connector: Connector;
  let mailbox: ImapFlow;

  beforeAll(async () => {
    dovecot = await startDovecot(binary!);
    h = await startConnectorHarness();
    deps = h.deps;
    // Another mail client delivers to the mailbox and reads what the connector wrote.
    mailbox = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: dovecot.user, pass: dovecot.password }, logger: false });
    await mailbox.connect();
  }, 60_000);
  afterAll(async () => {
    await mailbox?.logout().catch(() => undefined);
    await h?.close();
    await dovecot?.stop();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) => h.call(method, url, payload);
  const latestRun = () => h.latestRun(ENV);
  const body = (password: string) => ({
    name: 'Mail server',
    settings: {
      type: 'imap',
      imap: { host: dovecot.host, port: dovecot.port, tls: false, user: dovecot.user, folder: 'INBOX', draftsFolder: 'Drafts', startDate: new Date(Date.now() - 3_600_000).toISOString(), blacklist: ['noreply@example.com'] },
    },
    secrets: { password },
  });
  const deliver = (from: string, subject: string, text: string) =>
    mailbox.append('INBOX', [`From: ${from}`, `To: ${dovecot.user}`, `Subject: ${subject}`, `Message-ID: <${Date.now()}.${subject.length}@example.com>`, 'Content-Type: text/plain; charset=utf-8', '', text, ''].join('\r\n'));

  const settled = (count: number, connectorId?: string) => h.settledAnalyses(ENV, count, connectorId);

  it('is authorized by logging in: a wrong password is refused', async () => {
    const created = await call('POST', base, body('wrong-password'));
    expect(created.statusCode, created.body).toBe(201);
    connector = created.json<Connector>();
    expect(created.body).not.toContain('wrong-password');
    const refused = await call('POST', `${base}/${connector.id}/authorize`);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'authorizationFailed' });
    const fixed = await call('PUT', `${base}/${connector.id}`, { ...body(dovecot.password), outputMappings: connector.outputMappings });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const authorized = await call('POST', `${base}/${connector.id}/authorize`);
    expect(authorized.json()).toMatchObject({ kind: 'done', connector: { state: 'authorized' } });
    expect((await call('POST', `${base}/${connector.id}/health`)).json()).toMatchObject({ ok: true });
  });

  it('queues new mail, skips the blacklist, and writes keywords and a Drafts reply back', async () => {
    await deliver('Bob <bob@example.com>', 'Résiliation', 'Bonjour, je veux résilier mon contrat habitation numéro AB-77812.');
    await deliver('noreply@example.com', 'Newsletter', 'Nouveautés du mois.');
    await call('POST', `${base}/${connector.id}/runs`, { fromDate: new Date(Date.now() - 86_400_000).toISOString(), toDate: new Date(Date.now() + 60_000).toISOString() });
    await connectorRound(deps, 'test');
    expect(await latestRun()).toMatchObject({ status: 'done', found: 2, created: 1, skipped: 1 });
    const [analysis] = await settled(1);
    expect(analysis!.status).toBe('processed');
    await connectorRound(deps, 'test');
    const lock = await mailbox.getMailboxLock('INBOX');
    try {
      const flags = new Map<string, string[]>();
      for await (const message of mailbox.fetch('1:*', { envelope: true, flags: true })) flags.set(message.envelope?.subject ?? '', [...(message.flags ?? [])]);
      expect(flags.get('Résiliation')).toContain('Resiliation');
      expect(flags.get('Newsletter')).not.toContain('Resiliation');
    } finally {
      lock.release();
    }
    const drafts = await mailbox.getMailboxLock('Drafts');
    try {
      const found = [];
      for await (const message of mailbox.fetch('1:*', { envelope: true, flags: true, source: true })) found.push(message);
      expect(found).toHaveLength(1);
      expect(found[0]!.flags?.has('\\Draft')).toBe(true);
      expect(found[0]!.envelope?.subject).toBe('Re: Résiliation');
      expect(found[0]!.source?.toString()).toMatch(/In-Reply-To: <.*@example\.com>/);
    } finally {
      drafts.release();
    }
  }, 60_000);

  it('does not queue a message twice', async () => {
    await call('POST', `${base}/${connector.id}/runs`, { fromDate: new Date(Date.now() - 86_400_000).toISOString(), toDate: new Date(Date.now() + 60_000).toISOString() });
    await connectorRound(deps, 'test');
    expect(await latestRun()).toMatchObject({ status: 'done', created: 0, skipped: 2 });
  });

  /** A second connector on the same mailbox, authorized and run over the last day until written back. */
  async function runAnother(imap: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<Connector> {
    const created = await call('POST', base, { ...body(dovecot.password), name: `Mail server ${imap.labelsFolder}`, settings: { type: 'imap', imap: { ...body('').settings.imap, ...imap } }, ...extra });
    expect(created.statusCode, created.body).toBe(201);
    const other = created.json<Connector>();
    expect((await call('POST', `${base}/${other.id}/authorize`)).json()).toMatchObject({ kind: 'done' });
    await call('POST', `${base}/${other.id}/runs`, { fromDate: new Date(Date.now() - 86_400_000).toISOString(), toDate: new Date(Date.now() + 60_000).toISOString() });
    await connectorRound(deps, 'test');
    await settled(1, other.id);
    await connectorRound(deps, 'test');
    return (await call('GET', base)).json<{ connectors: Connector[] }>().connectors.find((item) => item.id === other.id)!;
  }

  const subjectsIn = async (folder: string) => {
    const lock = await mailbox.getMailboxLock(folder);
    try {
      const subjects: string[] = [];
      for await (const message of mailbox.fetch('1:*', { envelope: true })) subjects.push(message.envelope?.subject ?? '');
      return subjects;
    } finally {
      lock.release();
    }
  };

  it('can write labels as folders: the message is copied into parent/label', async () => {
    const other = await runAnother({ labelAs: 'folders', labelsFolder: 'Postroom' });
    expect(other.lastError).toBeNull();
    const folders = (await mailbox.list()).map((entry) => entry.path);
    expect(folders).toContain('Postroom/Résiliation');
    expect(await subjectsIn('Postroom/Résiliation')).toEqual(['Résiliation']);
  }, 60_000);

  it('refuses a required custom field that nothing writes to, and writes nothing when the analysis leaves it empty', async () => {
    const required = { id: 'f', label: 'Contrat', technicalName: 'contrat', required: true, active: true, kind: 'body' };
    const unmapped = await call('POST', base, { ...body(dovecot.password), customFields: [required] });
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.json()).toMatchObject({ code: 'requiredFieldUnmapped', target: 'contrat' });
    const other = await runAnother(
      { labelAs: 'folders', labelsFolder: 'Required' },
      {
        customFields: [required],
        outputMappings: [
          { dataType: 'messageCategories', source: '', target: 'keywords' },
          { dataType: 'extractedInfo', source: 'aFieldNoModuleExtracts', target: 'contrat' },
        ],
      },
    );
    expect(other.lastError).toEqual({ code: 'requiredFieldMissing', detail: 'contrat' });
    expect((await mailbox.list()).map((entry) => entry.path).filter((path) => path.startsWith('Required'))).toEqual([]);
  }, 60_000);

  it('schedules an enabled connector once, however many processes look', async () => {
    expect((await call('PATCH', `${base}/${connector.id}/active`, { active: true })).json<Connector>().active).toBe(true);
    expect(await Promise.all([scheduleDueRuns(deps), scheduleDueRuns(deps)])).toEqual(expect.arrayContaining([1, 0]));
    expect(await scheduleDueRuns(deps)).toBe(0);
    const claims = await Promise.all([claimRun(deps, 'process-a'), claimRun(deps, 'process-b')]);
    expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
    expect(claims.find((claim) => claim !== null)).toMatchObject({ trigger: 'schedule', status: 'running' });
  });

  it('refuses a private server unless the operator allows private targets', async () => {
    const refusing = { ...deps, outbound: createOutboundClient({ allowPrivate: false }) };
    const ctx = {
      settings: connector.settings,
      secrets: { password: dovecot.password },
      saveSecrets: async () => undefined,
      outbound: refusing.outbound,
      integrations: INTEGRATION_DEFAULTS,
    };
    await expect(DRIVERS.imap.healthCheck(ctx)).rejects.toMatchObject({ code: 'targetRefused' });
  });
});
