/// <reference lib="webworker" />
/** The graph layout worker: an island that imports only its protocol and the pure layout. */
import { layoutGraph } from './layout';
import type { LayoutRequest, LayoutResponse } from './layout-worker-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const { id, ...input } = event.data;
  const start = performance.now();
  let response: LayoutResponse;
  try {
    response = { id, ok: true, positions: layoutGraph(input), ms: performance.now() - start };
  } catch (error) {
    response = { id, ok: false, reason: 'engine', message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response);
};
