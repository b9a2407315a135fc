/// <reference lib="webworker" />
/** The NLU test worker: an island that imports only its protocol and the pure engine (via nlu-run). */
import { runNlu } from './nlu-run';
import type { NluWorkerRequest } from './nlu-worker-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<NluWorkerRequest>) => scope.postMessage(runNlu(event.data));
