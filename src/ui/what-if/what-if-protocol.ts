/** Messages between the what-if page and its worker: calls to read, changes to try; progress and results back. */
import type { Proposal } from '../../testing-center/proposals';
import type { WhatIfComparison } from '../../testing-center/what-if';
import type { WhatIfChange } from '../../testing-center/what-if-change';
import type { Baseline } from '../../testing-center/what-if-session';

/** A GET the page prepared (URL and credentials): the worker sends it and reads the answer off the main thread. */
export interface PreparedGet {
  url: string;
  headers: Record<string, string>;
}

export const NLU_LISTS = ['archetypes', 'contexts', 'interactions', 'functions', 'servers'] as const;
export type NluListName = (typeof NLU_LISTS)[number];

export type WhatIfRequest =
  | { id: number; type: 'load'; replay: PreparedGet; nlu: Record<NluListName, PreparedGet> }
  | { id: number; type: 'evaluate'; change: WhatIfChange };

export type WhatIfStage = 'download' | 'baseline' | 'proposals' | 'evaluate';

export type WhatIfResponse =
  | { id: number; type: 'progress'; stage: WhatIfStage; done: number; total: number }
  | { id: number; type: 'loaded'; baseline: Baseline; proposals: Proposal[]; ms: number }
  | { id: number; type: 'evaluated'; comparison: WhatIfComparison; ms: number }
  /** `http`: a call was refused (the page asks again through its request layer, which says why). */
  | { id: number; type: 'failed'; reason: 'http'; status: number }
  | { id: number; type: 'failed'; reason: 'invalid' | 'runtime' | 'notLoaded'; message: string };
