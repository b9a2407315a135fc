/**
 * The one place the NLU screens import the engine from (the editor, the variation helper, the test
 * worker and the builtin list): the same code the server runs (src/nlu).
 */
export { analyseText, BUILTIN_ARCHETYPES, checkDictionary, compileNlu, variationsOf } from '../../../nlu';
export type { NluConfigError, NluLanguage, NluSource } from '../../../nlu/types';
