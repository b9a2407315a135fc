/** Tests read stored analysis messages (keys + parameters) as the English (or French) an API caller would get. */
import { pipelineMessageText } from '../../src/i18n/pipeline-message-text';
import { translatorFor } from '../i18n/error-messages';

export function inEnglish(stored: string | null | undefined): string | null {
  return pipelineMessageText(translatorFor('en'), stored ?? null);
}

/** The French a default reader gets: for checks that no English sentence reaches them. */
export function inFrench(stored: string | null | undefined): string | null {
  return pipelineMessageText(translatorFor('fr'), stored ?? null);
}
