/** Messages between the files viewer and its analysis worker: a file and an environment's configuration in, module results out. */
import type { LocalAnalysis } from '../../analyses/local-analysis';
import type { EnvironmentSettings } from '../../contract/environments';
import type { ReplayNluLists } from '../../testing-center/replay-setup';

export interface FileAnalysisRequest {
  name: string;
  contentType: string;
  /** The worker's own copy of the file (transferred). */
  bytes: Uint8Array;
  settings: EnvironmentSettings;
  lists: ReplayNluLists;
}

export type FileAnalysisResponse = { ok: true; analysis: LocalAnalysis; ms: number } | { ok: false; reason: 'runtime'; message: string };
