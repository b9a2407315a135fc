/** The NLU engine's entry points (declared in ./types.ts); pure: no DOM, no Node. */
export { compileNlu } from './compile';
export type { CompiledNlu } from './language-index';
export { analyseText } from './analyse';
export { checkDictionary } from './check-dictionary';
export { variationsOf, type VariationReport } from './variations';
export { BUILTIN_ARCHETYPES } from './builtins';
export { detectLanguage } from './language';
export { INTERACTION_FUNCTION_KINDS } from './types';
export type * from './types';
export { dictionaryValues, type DictionaryValue } from './dictionary-values';
