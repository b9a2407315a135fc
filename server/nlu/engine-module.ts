/**
 * The NLU engine module, loaded on first use. Its language detector (tinyld) and date parser
 * (chrono-node) hold about 15 MB of heap; a process that has not analysed anything with the NLU yet
 * should not carry them, since a larger heap makes every major garbage collection of the API slower
 * (bench:api measured it).
 */
export type EngineModule = typeof import('../../src/nlu/index');

let loading: Promise<EngineModule> | undefined;

export function nluEngine(): Promise<EngineModule> {
  loading ??= import('../../src/nlu/index');
  return loading;
}
