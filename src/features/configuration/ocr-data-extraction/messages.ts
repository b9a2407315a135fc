/** Translated texts of the OCR rules screens: rule problems and endpoint errors, from their `code` and params. */
import i18next from 'i18next';
import { ApiError, errorMessage, serverCode } from '../../../api/errors';
import { OCR_DATA_EXTRACTION_ERROR_CODES, ocrRuleProblemSchema, type OcrRuleProblem } from '../../../contract/ocr-data-extraction';

const t = (key: string, params?: Record<string, unknown>) => i18next.t(key as never, params as never) as unknown as string;

export const problemText = (problem: Pick<OcrRuleProblem, 'code' | 'params'>) => t(`ocrRules:problems.${problem.code}`, problem.params);

export function ocrRulesErrorText(error: unknown): string {
  const code = serverCode(error);
  const params = error instanceof ApiError ? ((error.jsonData as { params?: Record<string, unknown> } | undefined)?.params ?? {}) : {};
  if (code && (OCR_DATA_EXTRACTION_ERROR_CODES as readonly string[]).includes(code)) return t(`ocrRules:errors.${code}`, params);
  return errorMessage(error);
}

/** The problems of a refused save (422 `ocrRulesInvalid`), to show on the rules; empty for another error. */
export function refusedProblems(error: unknown): OcrRuleProblem[] {
  if (serverCode(error) !== 'ocrRulesInvalid' || !(error instanceof ApiError)) return [];
  const problems = (error.jsonData as { problems?: unknown } | undefined)?.problems;
  const parsed = ocrRuleProblemSchema.array().safeParse(problems);
  return parsed.success ? parsed.data : [];
}
