/**
 * The reply template module's variables (src/replies/variables.ts), built in a module worker: they
 * read the run's results, whose large ones (the NLU's) the HTTP thread holds as JSON bytes.
 */
import { buildReplyVariables, type ReplyVariables, type VariablesSource } from '../../src/replies/variables';
import { readHeld } from './held-json';

export interface ReplyVariablesTask {
  kind: 'replyVariables';
  source: VariablesSource;
}

export function runReplyVariables(task: ReplyVariablesTask): ReplyVariables {
  return buildReplyVariables({ ...task.source, modules: task.source.modules.map((module) => ({ ...module, result: readHeld(module.result) })) });
}
