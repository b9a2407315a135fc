/** Node worker-thread entry of the parse pool (CLI, tests, the server's extractor later). */
import { parentPort } from 'node:worker_threads';
import { answer, inTurn, type ParseRequest } from './protocol';

parentPort?.on(
  'message',
  inTurn((request: ParseRequest) => answer({ ...request, bytes: new Uint8Array(request.bytes as Uint8Array) }, (message, transfer) => parentPort!.postMessage(message, transfer))),
);
