/**
 * The real server for the integrations screens' component tests, in its own Node process (jsdom test
 * files cannot load the server), beside the local Salesforce and n8n protocol servers. Prints one JSON
 * line: its address, an admin's token and the protocol servers' addresses. Then each line read on
 * stdin is what the customer does in their tool, answered by one line once done:
 * `{"placeCertificate": pem}` (the admin uploads the certificate to the connected app) and
 * `{"stopN8n": true}` (the n8n instance goes away).
 */
import { createInterface } from 'node:readline';
import { startN8nTestServer } from '../../../../../server/test-support/n8n-server';
import { startSalesforceTestServer } from '../../../../../server/test-support/salesforce-server';
import { createTestServer, signIn } from '../../../../../server/test-support/test-server';

const [server, salesforce, n8n] = await Promise.all([createTestServer({ warmModules: true }), startSalesforceTestServer(), startN8nTestServer()]);
const token = await signIn(server.app, 'admin');
const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ address, token, salesforceUrl: salesforce.url, n8nUrl: n8n.url })}\n`);

createInterface({ input: process.stdin }).on('line', (line) => {
  const command = JSON.parse(line) as { placeCertificate?: string; stopN8n?: boolean };
  const done = async () => {
    if (command.placeCertificate !== undefined) salesforce.placeCertificate(command.placeCertificate);
    if (command.stopN8n) await n8n.close();
    process.stdout.write(`${JSON.stringify({ done: true })}\n`);
  };
  void done();
});
// Ends with its parent: the test closes stdin.
process.stdin.on('end', () => void Promise.all([server.close(), salesforce.close(), n8n.close().catch(() => undefined)]).then(() => process.exit(0)));
