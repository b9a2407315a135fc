/**
 * The codes of the `yaml` library's parse errors and warnings (its `ErrorCode` type): a syntax problem
 * carries its code, which the console says in the reader's language (`common:yamlError.codes`), never
 * the library's English message. The `satisfies` check fails to compile when the library adds a code.
 */
import type { ErrorCode } from 'yaml';

const CODES = {
  ALIAS_PROPS: true,
  BAD_ALIAS: true,
  BAD_DIRECTIVE: true,
  BAD_DQ_ESCAPE: true,
  BAD_INDENT: true,
  BAD_PROP_ORDER: true,
  BAD_SCALAR_START: true,
  BLOCK_AS_IMPLICIT_KEY: true,
  BLOCK_IN_FLOW: true,
  DUPLICATE_KEY: true,
  IMPOSSIBLE: true,
  KEY_OVER_1024_CHARS: true,
  MISSING_CHAR: true,
  MULTILINE_IMPLICIT_KEY: true,
  MULTIPLE_ANCHORS: true,
  MULTIPLE_DOCS: true,
  MULTIPLE_TAGS: true,
  NON_STRING_KEY: true,
  RESOURCE_EXHAUSTION: true,
  TAB_AS_INDENT: true,
  TAG_RESOLVE_FAILED: true,
  UNEXPECTED_TOKEN: true,
  BAD_COLLECTION_TYPE: true,
} as const satisfies Record<ErrorCode, true>;

export const YAML_ERROR_CODES = Object.keys(CODES) as ErrorCode[];
export type YamlErrorCode = ErrorCode;

export function isYamlErrorCode(code: unknown): code is YamlErrorCode {
  return typeof code === 'string' && Object.hasOwn(CODES, code);
}
