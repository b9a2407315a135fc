/** The 422 of a write whose OCR field rules have problems (src/ocr/rule-checks.ts), shared by every write of the module. */
import type { OcrRuleProblem } from '../../src/contract/ocr-data-extraction';
import { HttpError } from '../http-error';

export function ocrRulesInvalid(problems: OcrRuleProblem[]): HttpError {
  return new HttpError(422, {
    message: `The rules were not saved: ${problems.map((problem) => `rule ${problem.index + 1}: ${problem.code}`).join('; ')}`,
    code: 'ocrRulesInvalid',
    problems,
  });
}
