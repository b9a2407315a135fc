/**
 * The real server with the demo data, for the screens' component tests, in its own Node process
 * (jsdom test files cannot load the server): prints one JSON line with its address, the demo
 * admin's token (`token`), the self-service `light` user's (`lightToken`) and the demo NLU project's
 * environment id.
 */
import { createTestServer, signIn } from '../../../server/test-support/test-server';

const server = await createTestServer({ warmModules: true });
const token = await signIn(server.app, 'admin');
const lightToken = await signIn(server.app, 'light');
const listed = await server.app.inject({ method: 'GET', url: '/v4/console/api/project/demo-nlu/environments', headers: { authorization: `Bearer ${token}` } });
if (listed.statusCode !== 200) throw new Error(`environments: ${listed.statusCode} ${listed.body}`);
const environmentId = listed.json<{ id: string }[]>()[0]!.id;
const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ address, token, lightToken, environmentId })}\n`);
// Ends with its parent: the test closes stdin.
process.stdin.resume();
process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
