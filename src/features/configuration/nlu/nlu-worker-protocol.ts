/** Messages between the NLU test page and its worker: a configuration and a text in, a result out. */
import type { NluResult } from '../../../contract/modules/nlu';
import type { AnalyseOptions, CompileOptions, NluConfigError, NluSource } from '../../../nlu/types';

export interface NluWorkerRequest {
  id: number;
  source: NluSource;
  compile: CompileOptions;
  text: string;
  options: AnalyseOptions;
}

export type NluWorkerResponse =
  | { id: number; ok: true; result: NluResult; errors: NluConfigError[] }
  /** Why no result, as a code: our deadline, or the JavaScript runtime's error (its own words, shown labelled). */
  | { id: number; ok: false; reason: 'timeout'; seconds: number }
  | { id: number; ok: false; reason: 'runtime'; message: string };
