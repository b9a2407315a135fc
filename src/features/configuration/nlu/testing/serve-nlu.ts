/**
 * The real server for the NLU screens' component tests, in its own Node process: jsdom test files
 * cannot load the server (vitest's web transform gives it http: module URLs). It starts the test
 * server (in-memory PGlite, a server start that takes STARTUP_MS), creates ENVIRONMENTS empty
 * environments and one whose pipeline has a categorization module, and prints one JSON line: its
 * address, a configurator's and a qualifier's tokens and the environment ids.
 */
import { createEnvironment } from '../../../../../server/pipeline/testing/analyses';
import { createNluRuntime } from '../../../../../server/nlu/runtime';
import { createTestServer, signIn } from '../../../../../server/test-support/test-server';

const server = await createTestServer({ warmModules: true, nlu: createNluRuntime({ startupMs: Number(process.env.STARTUP_MS ?? 1500) }) });
const token = await signIn(server.app, 'configurator');
const qualifierToken = await signIn(server.app, 'qualifier');
const environments: string[] = [];
for (let i = 0; i < Number(process.env.ENVIRONMENTS ?? 8); i++) environments.push(await createEnvironment(server.handle.db));
const categorizationEnvironment = await createEnvironment(server.handle.db, {
  modules: [
    { id: 'x', type: 'extractor', name: 'Extracteur' },
    { id: 'n', type: 'nlu', name: 'NLU' },
    { id: 'c', type: 'categorization', name: 'Tri' },
    { id: 'o', type: 'output', name: 'Sortie' },
  ],
});
const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ address, token, qualifierToken, environments, categorizationEnvironment })}\n`);
// Ends with its parent: the test closes stdin.
process.stdin.resume();
process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
