/**
 * The real server for the self-service screens' component tests, in its own Node process (jsdom test
 * files cannot load the server), beside the local Google OAuth + Gmail server: the `light` demo user
 * with a month's quota of 3 and three use cases — one with one analysis sent, one whose mailbox waits
 * for Google's permission, one whose mailbox Google refused to renew (a real connector round against
 * the local Gmail server). Prints one JSON line: the address, the light user's token and the ids.
 */
import { eq } from 'drizzle-orm';
import { createSecretBox } from '../../../../server/crypto/secret-box';
import { organisations } from '../../../../server/db/schema';
import { connectorRound } from '../../../../server/integrations/job';
import { INTEGRATION_DEFAULTS } from '../../../../server/integrations/settings';
import { createOutboundClient } from '../../../../server/outbound/client';
import { platformGmailSettings, startGmailTestServer } from '../../../../server/test-support/gmail-server';
import { multipart } from '../../../../server/test-support/multipart';
import { createTestServer, signIn, TEST_JWT_SECRET } from '../../../../server/test-support/test-server';

const gmail = await startGmailTestServer();
// Connector rounds are run below, not by the timer.
const integrations = platformGmailSettings(gmail.url);
const server = await createTestServer({ warmModules: true, integrations });
const token = await signIn(server.app, 'light');
const headers = { authorization: `Bearer ${token}` };

async function call<T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<T> {
  const response = await server.app.inject({ method, url: `/v4/console/api${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}
const create = async (name: string) => (await call<{ id: string }>('POST', '/self/use-cases', { name, source: { kind: 'template', template: 'insurance:meeting' } })).id;

// One analysis of the month's 3.
await server.handle.db.update(organisations).set({ selfServiceMonthlyQuota: 3 }).where(eq(organisations.id, 'demo'));
const meetings = await create('Rendez-vous');
const eml = ['From: client@example.com', 'To: agence@example.com', 'Subject: Rendez-vous', '', 'Bonjour, je voudrais un rendez-vous.', ''].join('\r\n');
const upload = await multipart({ file: { name: 'rendez-vous.eml', content: eml, type: 'message/rfc822' } });
const sent = await server.app.inject({ method: 'POST', url: `/v4/console/api/environment/${meetings}/analyses`, headers: { ...headers, ...upload.headers }, payload: upload.payload });
if (sent.statusCode !== 201) throw new Error(`upload: ${sent.statusCode} ${sent.body}`);

// A mailbox whose connection was started: Google's page was given, the permission never came back.
const waiting = await create('Boîte en attente');
await call('POST', `/self/use-cases/${waiting}/webmail/connect`, { mailbox: 'attente@gmail.example' });

// A mailbox connected and active, then Google refuses to renew its access at the next reading.
const refused = await create('Boîte refusée');
const webmail = (path: string) => `/self/use-cases/${refused}/webmail${path}`;
const { url } = await call<{ url: string }>('POST', webmail('/connect'), { mailbox: 'refus@gmail.example' });
const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
await call('POST', webmail('/oauth-callback'), { state: back.searchParams.get('state'), code: back.searchParams.get('code') });
await call('PATCH', webmail('/active'), { active: true });
gmail.config.refuseRefresh = true;
gmail.expireTokens();
await call('POST', webmail('/check'));
const deps = { db: server.handle.db, secrets: createSecretBox(TEST_JWT_SECRET), outbound: createOutboundClient({ allowPrivate: true }), integrations: { ...INTEGRATION_DEFAULTS, ...integrations } };
await connectorRound(deps, 'screens');

const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ address, token, useCases: { meetings, waiting, refused } })}\n`);
// Ends with its parent: the test closes stdin.
process.stdin.resume();
process.stdin.on('end', () => void Promise.all([server.close(), gmail.close()]).then(() => process.exit(0)));
