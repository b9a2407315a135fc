/**
 * JSON files: the value, or for invalid JSON the first error with its line and column (1-based),
 * located with jsonc-parser in strict mode (no comments, no trailing commas).
 */
import { parse as parseLenient, printParseErrorCode, type ParseError as JsoncError } from 'jsonc-parser';
import { parseText } from './text';

export type JsonResult = { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number };

function lineAndColumn(text: string, offset: number) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
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
    const message = first ? printParseErrorCode(first.error) : (error as Error).message;
    return { ok: false, message, ...lineAndColumn(source, offset) };
  }
}

export function parseJson(bytes: Uint8Array): JsonResult {
  return parseJsonText(parseText(bytes).text);
}
