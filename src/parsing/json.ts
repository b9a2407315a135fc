/**
 * JSON files: the value, or for invalid JSON the first error with its line and column (1-based),
 * located with jsonc-parser in strict mode (no comments, no trailing commas). The error carries
 * jsonc-parser's code (`ValueExpected`…), which screens translate; `message` is that code,
 * for the CLI and logs.
 */
import { parse as parseLenient, printParseErrorCode, type ParseError as JsoncError } from 'jsonc-parser';
import { parseText } from './text';

/** Every error a JSON text can end in: jsonc-parser's codes, and `Unknown` when only JSON.parse saw one. */
export const JSON_ERROR_CODES = [
  'InvalidSymbol',
  'InvalidNumberFormat',
  'PropertyNameExpected',
  'ValueExpected',
  'ColonExpected',
  'CommaExpected',
  'CloseBraceExpected',
  'CloseBracketExpected',
  'EndOfFileExpected',
  'InvalidCommentToken',
  'UnexpectedEndOfComment',
  'UnexpectedEndOfString',
  'UnexpectedEndOfNumber',
  'InvalidUnicode',
  'InvalidEscapeCharacter',
  'InvalidCharacter',
  'Unknown',
] as const;
export type JsonErrorCode = (typeof JSON_ERROR_CODES)[number];

export type JsonResult = { ok: true; value: unknown } | { ok: false; code: JsonErrorCode; message: string; line: number; column: number };

function lineAndColumn(text: string, offset: number) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

function codeOf(error: JsoncError | undefined): JsonErrorCode {
  const name = error === undefined ? 'Unknown' : printParseErrorCode(error.error);
  return (JSON_ERROR_CODES as readonly string[]).includes(name) ? (name as JsonErrorCode) : 'Unknown';
}

export function parseJsonText(text: string): JsonResult {
  const source = text.replace(/^\uFEFF/, '');
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch (error) {
    const errors: JsoncError[] = [];
    parseLenient(source, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const offset = first?.offset ?? Number((error as Error).message.match(/position (\d+)/)?.[1] ?? 0);
    const code = codeOf(first);
    const message = first ? code : (error as Error).message;
    return { ok: false, code, message, ...lineAndColumn(source, offset) };
  }
}

export function parseJson(bytes: Uint8Array): JsonResult {
  return parseJsonText(parseText(bytes).text);
}
