/**
 * Web-worker entry of the parse pool in the console (what a parsing worker needs: worker-setup.ts).
 */
import { answer, inTurn, type ParseRequest } from './protocol';
import { readyToRead } from './worker-setup';
import { warmUpParser } from './warm-up';

const scope = self as unknown as DedicatedWorkerGlobalScope;

let requested = false;

const handle = inTurn(async (request: ParseRequest) => {
  // A picked file is read here, once: its bytes go back with the answer, for the page to keep.
  const picked = request.bytes instanceof Blob;
  if (request.bytes instanceof Blob) request.bytes = new Uint8Array(await request.bytes.arrayBuffer());
  await readyToRead(request.name, request.bytes);
  await answer(request, (message, transfer) => scope.postMessage(message, transfer), { handBack: picked });
});

scope.onmessage = (event: MessageEvent<ParseRequest>) => {
  requested = true;
  handle(event.data);
};

// Once loaded, while no file has come yet: the parser's first run, on a small sample (warm-up.ts).
setTimeout(() => {
  if (!requested) void warmUpParser();
}, 0);
