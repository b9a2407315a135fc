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
  | { id: number; ok: false; message: string };
