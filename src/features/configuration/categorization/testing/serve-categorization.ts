/**
 * The real server for the categorization screens' component tests, in its own Node process (jsdom
 * test files cannot load the server): the seeded demo (the demo NLU project's categorization and
 * consolidation, its NLU started at once), and one JSON line with its address and a configurator's
 * token.
 */
import { createNluRuntime } from '../../../../../server/nlu/runtime';
import { createTestServer, signIn } from '../../../../../server/test-support/test-server';

const server = await createTestServer({ warmModules: true, nlu: createNluRuntime({ startupMs: 0 }) });
const token = await signIn(server.app, 'configurator');
const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ address, token })}\n`);
// Ends with its parent: the test closes stdin.
process.stdin.resume();
process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
