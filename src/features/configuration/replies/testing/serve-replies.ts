/**
 * The real server for the reply generator screens' component tests, in its own Node process (jsdom
 * test files cannot load the server): the seeded demo (the demo NLU project's reply templates), one
 * rendering error recorded on the production environment, and one JSON line with its address and a
 * configurator's token.
 */
import { toolMessage } from '../../../../contract/failure-reasons';
import { recordReplyError } from '../../../../../server/replies/errors';
import { createTestServer, signIn } from '../../../../../server/test-support/test-server';

const server = await createTestServer({ warmModules: true });
await recordReplyError(server.handle.db, {
  environmentId: 'demo-nlu-prod',
  analysisId: 'analysis-1',
  analysisName: 'sinistre.eml',
  template: 'Sinistre',
  inTemplate: 'Sinistre',
  line: 4,
  code: 'runtime',
  message: 'undefined filter: montant',
  reason: toolMessage('templateEngine', 'undefined filter: montant'),
});
const token = await signIn(server.app, 'configurator');
const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ address, token })}\n`);
// Ends with its parent: the test closes stdin.
process.stdin.resume();
process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
