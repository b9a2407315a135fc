/** Translated texts of the NLU errors: the server's codes (with their params) and configuration errors. */
import i18next from 'i18next';
import { ApiError, errorMessage, serverCode } from '../../../api/errors';
import { NLU_ERROR_CODES, type NluConfigErrorView } from '../../../contract/nlu';
import type { NluImportError } from '../../../contract/nlu-transfer';
import type { NluWorkerResponse } from './nlu-worker-protocol';

export function nluErrorText(error: unknown): string {
  const code = serverCode(error);
  if (code && (NLU_ERROR_CODES as readonly string[]).includes(code) && error instanceof ApiError) {
    const params = (error.jsonData as { params?: Record<string, unknown> } | undefined)?.params ?? {};
    return i18next.t(`nlu:errors.${code}` as never, params as never) as unknown as string;
  }
  return errorMessage(error);
}

/** "line 3: Sub-archetype "x" does not exist" in the user's language. */
export function configErrorText(error: Pick<NluConfigErrorView, 'code' | 'params' | 'line'>): string {
  const text = i18next.t(`nlu:configErrors.${error.code}` as never, error.params as never) as unknown as string;
  return error.line === undefined ? text : (i18next.t('nlu:editor.atLine' as never, { line: error.line, text } as never) as unknown as string);
}

/** Why an imported item was left out, from its code (the report's English `message` is for programs). */
export function importItemText(error: Pick<NluImportError, 'code' | 'params'>): string {
  return i18next.t(`nlu:importItems.${error.code}` as never, error.params as never) as unknown as string;
}

/** Why a test in the browser gave no result: our deadline by its own sentence, a runtime error labelled as the runtime's. */
export function testFailureText(failure: Extract<NluWorkerResponse, { ok: false }>): string {
  return failure.reason === 'timeout'
    ? (i18next.t('nlu:test.timedOut' as never, { seconds: failure.seconds } as never) as unknown as string)
    : (i18next.t('nlu:test.failed' as never, { message: failure.message } as never) as unknown as string);
}
