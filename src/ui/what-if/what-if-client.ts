/**
 * The page's side of the what-if worker: prepares the calls (URL and credentials from the request
 * layer, so the worker reads megabytes of a run without the main thread parsing them), sends one
 * request at a time and resolves it with its result, reporting progress on the way. Where workers do
 * not exist (component tests under jsdom) the same code runs in place.
 */
import { prepareCall } from '../../api/request';
import { archetypeEndpoints, contextEndpoints, functionEndpoints, interactionEndpoints, serverEndpoints } from '../../contract/nlu';
import { getTestReplay } from '../../contract/testing-runs';
import type { WhatIfChange } from '../../testing-center/what-if-change';
import { NLU_LISTS, type NluListName, type PreparedGet, type WhatIfRequest, type WhatIfResponse, type WhatIfStage } from './what-if-protocol';

export type Loaded = Extract<WhatIfResponse, { type: 'loaded' }>;
export type Evaluated = Extract<WhatIfResponse, { type: 'evaluated' }>;
export type Failed = Extract<WhatIfResponse, { type: 'failed' }>;
export type OnProgress = (stage: WhatIfStage, done: number, total: number) => void;

type Distributive<T> = T extends unknown ? Omit<T, 'id'> : never;

const LIST_ENDPOINTS = { archetypes: archetypeEndpoints.list, contexts: contextEndpoints.list, interactions: interactionEndpoints.list, functions: functionEndpoints.list, servers: serverEndpoints.list };

async function preparedGet(prepared: Promise<{ url: string; init: RequestInit }>): Promise<PreparedGet> {
  const { url, init } = await prepared;
  return { url, headers: Object.fromEntries(new Headers(init.headers).entries()) };
}

/** The calls a load reads: the run's replay answer and the environment's NLU lists. */
export async function loadCalls(projectId: string, testId: string, envId: string): Promise<Extract<WhatIfRequest, { type: 'load' }>> {
  const nlu = Object.fromEntries(await Promise.all(NLU_LISTS.map(async (name) => [name, await preparedGet(prepareCall(LIST_ENDPOINTS[name], { params: { envId } }))] as const))) as Record<NluListName, PreparedGet>;
  return { id: 0, type: 'load', replay: await preparedGet(prepareCall(getTestReplay, { params: { projectId, testId } })), nlu };
}

export class WhatIfClient {
  private worker: Worker | null = null;
  private inPlace: ((request: WhatIfRequest) => Promise<void>) | null = null;
  private readonly listeners = new Map<number, (message: WhatIfResponse) => void>();
  private nextId = 1;

  private deliver = (message: WhatIfResponse) => this.listeners.get(message.id)?.(message);

  private async send(request: WhatIfRequest): Promise<void> {
    if (typeof Worker === 'undefined') {
      this.inPlace ??= (await import('./what-if-core')).whatIfHandler(this.deliver);
      await this.inPlace(request);
      return;
    }
    if (this.worker === null) {
      this.worker = new Worker(new URL('./what-if-worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (event: MessageEvent<WhatIfResponse>) => this.deliver(event.data);
    }
    this.worker.postMessage(request);
  }

  /** Resolves with the request's result (loaded, evaluated) or its failure. */
  private call<T extends WhatIfResponse>(request: Distributive<WhatIfRequest>, onProgress?: OnProgress): Promise<T | Failed> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.listeners.set(id, (message) => {
        if (message.type === 'progress') return onProgress?.(message.stage, message.done, message.total);
        this.listeners.delete(id);
        resolve(message as T | Failed);
      });
      void this.send({ ...request, id } as WhatIfRequest);
    });
  }

  load(request: Extract<WhatIfRequest, { type: 'load' }>, onProgress?: OnProgress): Promise<Loaded | Failed> {
    return this.call<Loaded>({ type: 'load', replay: request.replay, nlu: request.nlu }, onProgress);
  }

  evaluate(change: WhatIfChange, onProgress?: OnProgress): Promise<Evaluated | Failed> {
    return this.call<Evaluated>({ type: 'evaluate', change }, onProgress);
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    this.listeners.clear();
  }
}
