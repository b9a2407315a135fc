/** The baseline: a bare Fastify route answering a small JSON object, in its own process like the real server. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ id: 'demo-user-admin', username: 'admin' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
