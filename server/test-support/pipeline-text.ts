/** Tests read stored analysis messages (keys + parameters, issue 19) as the English an API caller would get. */
import { pipelineMessageText } from '../../src/i18n/pipeline-message-text';
import { translatorFor } from '../i18n/error-messages';

export function inEnglish(stored: string | null | undefined): string | null {
  return pipelineMessageText(translatorFor('en'), stored ?? null);
}
