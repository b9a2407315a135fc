/**
 * JSON request bodies. One of up to WORKER_JSON_BODY_BYTES is parsed on this thread by Fastify's own
 * parser; a larger one (a configuration document, an NLU import: megabytes a tenant wrote) in a
 * module worker (module-workers/json-body-task.ts), with the same refusals: parsing 3 MB held every
 * organisation's requests for 20–40 ms. Its bytes are handed to the worker, not copied.
 * Not JSON (or nested deeper than a copy between threads goes): 400 `invalidJson`, as from Fastify's
 * parser. Stopped at the module deadline or memory cap: 422 `testStopped` with the limit, as the
 * other work of the tenant's run in those workers.
 */
import type { FastifyInstance } from 'fastify';
import { ownBuffers, plainBytes } from './module-workers/held-json';
import { sharedModulePool } from './module-workers/module-pool';
import { testStopped } from './module-workers/test-task';

export const WORKER_JSON_BODY_BYTES = 64 * 1024;

/** What Fastify's parser throws on a body that is not JSON: the error handler answers it as 400 `invalidJson`. */
function invalidJson(): Error {
  return Object.assign(new Error('The body is not valid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
}

async function parseInWorker(body: Buffer): Promise<unknown> {
  const bytes = plainBytes(body);
  const answer = await sharedModulePool().run({ kind: 'jsonBody', bytes }, { transfer: ownBuffers([bytes]) });
  // `failed`: the parsed value could not be copied back (nested too deep), the sender's doing; a
  // crash or a pool closing at shutdown is not, and stays a 500 (testStopped gives a plain Error).
  if (!answer.ok) throw answer.code === 'failed' ? invalidJson() : testStopped(answer);
  if ('invalid' in answer.value) throw invalidJson();
  return answer.value.value;
}

export function installJsonBodyParser(app: FastifyInstance): void {
  const parseHere = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length <= WORKER_JSON_BODY_BYTES) return parseHere(request, bytes.toString('utf8'), done);
    parseInWorker(bytes).then(
      (value) => done(null, value),
      (error: Error) => done(error, undefined),
    );
  });
}
