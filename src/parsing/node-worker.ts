/** Node worker-thread entry of the parse pool (CLI, tests, the server's extractor later). */
import { parentPort } from 'node:worker_threads';
import { answer, type ParseRequest } from './protocol';

parentPort?.on('message', (request: ParseRequest) => {
  void answer({ ...request, bytes: new Uint8Array(request.bytes as Uint8Array) }, (message, transfer) => parentPort!.postMessage(message, transfer));
});
