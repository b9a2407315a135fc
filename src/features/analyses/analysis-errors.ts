/**
 * §8 analysis messages: the server's `code` picks the translated text; anything else reads the one
 * error table (errorMessage), then the generic text.
 */
import { errorMessage, serverCode } from '../../api/errors';
import type { TFunction } from 'i18next';

const CODES = ['analysisNotFound', 'analysisAnonymized', 'alreadyProcessing', 'alreadyFinished'] as const;

export function analysisErrorText(t: TFunction<'analyses'>, error: unknown): string {
  const code = serverCode(error);
  if (code !== undefined && (CODES as readonly string[]).includes(code)) return t(`errors.${code as (typeof CODES)[number]}`);
  if (error instanceof Error && 'status' in error && error.status === 404) return t('errors.analysisNotFound');
  return errorMessage(error) || t('errors.generic');
}
