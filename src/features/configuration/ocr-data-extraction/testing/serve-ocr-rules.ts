/**
 * The real server for the OCR rules screens' component tests, in its own Node process (jsdom test
 * files cannot load the server): the seeded demo, a fresh environment of the demo IC project whose
 * pipeline holds an OCR data extraction module, and one JSON line with the address, a
 * configurator's token and the environment's id.
 */
import { createEnvironment } from '../../../../../server/pipeline/testing/analyses';
import { createTestServer, signIn } from '../../../../../server/test-support/test-server';

const server = await createTestServer({ warmModules: true });
const token = await signIn(server.app, 'configurator');
const envId = await createEnvironment(server.handle.db, {
  modules: [
    { id: 'extractor', type: 'extractor', name: 'Extracteur' },
    { id: 'ocr', type: 'ocrDataExtraction', name: 'Données OCR' },
  ],
});
const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ address, token, envId })}\n`);
// Ends with its parent: the test closes stdin.
process.stdin.resume();
process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
