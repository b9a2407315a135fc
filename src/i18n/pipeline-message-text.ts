/**
 * The text of a message stored with an analysis (module outcome, trace row, analysis error), from its
 * keys and parameters: the console renders it in the user's language, the server in the caller's
 * Accept-Language for API answers. One function, so both say the same words. A legacy plain string
 * (written before messages had keys) comes back unchanged.
 */
import { decodePipelineMessage, type LocalizedText } from '../contract/pipeline-messages';

type Translate = (key: string, params: Record<string, unknown>) => string;

/** The sentences, translated and joined by a space. */
export function pipelineSentencesText(translate: Translate, sentences: readonly LocalizedText[]): string {
  return sentences.map((part) => translate(`pipelineMessages:${part.key}`, part.params ?? {})).join(' ');
}

/** A stored message as text; null stays null, a legacy plain string is returned as is. */
export function pipelineMessageText(translate: Translate, stored: string | null): string | null {
  if (stored === null) return null;
  const sentences = decodePipelineMessage(stored);
  return sentences === null ? stored : pipelineSentencesText(translate, sentences);
}

/**
 * What a reader shows for a message of an API answer: its sentences in the reader's language when the
 * answer has them, else the `message` text as received.
 */
export function shownPipelineMessage(translate: Translate, entry: { message: string | null; messageParts?: readonly LocalizedText[] | null }): string | null {
  return entry.messageParts ? pipelineSentencesText(translate, entry.messageParts) : entry.message;
}
