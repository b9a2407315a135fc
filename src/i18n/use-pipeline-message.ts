/**
 * The console's reading of messages stored with an analysis: the sentences' keys in the
 * user's language, re-rendered when the language changes; a legacy message as received.
 */
import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '../contract/pipeline-messages';
import { pipelineMessageText, shownPipelineMessage } from './pipeline-message-text';

export function usePipelineMessage() {
  const { t } = useTranslation('pipelineMessages');
  const translate = (key: string, params: Record<string, unknown>) => t(key as never, params as never) as unknown as string;
  return {
    /** A message of an API answer (`message` + `messageParts`). */
    shown: (entry: { message: string | null; messageParts?: readonly LocalizedText[] | null }) => shownPipelineMessage(translate, entry),
    /** A stored message as received raw (error logs' detail, SRE lists): decoded when it has keys. */
    stored: (stored: string | null) => pipelineMessageText(translate, stored),
  };
}
