/**
 * The one place the NLU screens import the engine from (the editor, the variation helper, the test
 * worker and the builtin list), so the engine branch's merge changes one import line.
 * TODO(merge nlu-engine): take checkDictionary, variationsOf and BUILTIN_ARCHETYPES from '../../../nlu'
 * and delete src/nlu/screens-placeholders.ts.
 */
export { analyseText, compileNlu } from '../../../nlu';
export { BUILTIN_ARCHETYPES, checkDictionary, variationsOf } from '../../../nlu/screens-placeholders';
export type { NluConfigError, NluLanguage, NluSource } from '../../../nlu/types';
