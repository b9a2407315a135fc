/// <reference lib="webworker" />
/** The what-if worker: replays a test run's messages off the main thread (what-if-core.ts). */
import { whatIfHandler } from './what-if-core';
import type { WhatIfRequest } from './what-if-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const handle = whatIfHandler((message) => scope.postMessage(message));
// One request at a time, in order: an evaluation waits for the load before it.
let queue: Promise<void> = Promise.resolve();
scope.onmessage = (event: MessageEvent<WhatIfRequest>) => {
  queue = queue.then(() => handle(event.data));
};
