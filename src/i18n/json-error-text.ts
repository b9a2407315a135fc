/**
 * A JSON syntax error as people read it: jsonc-parser's code (`ValueExpected`…) in the
 * reader's language, with its line and column. The codes are `JSON_ERROR_CODES` (src/parsing/json.ts).
 */
type Translate = (key: string, params?: Record<string, unknown>) => string;

export type { Translate };

export function jsonErrorText(t: Translate, error: { code?: string; line: number; column: number }): string {
  return t('common:jsonError.at', { line: error.line, column: error.column, reason: t(`common:jsonError.codes.${error.code ?? 'Unknown'}`) });
}
