/**
 * The text of a message stored with an analysis (module outcome, trace row, analysis error), from its
 * keys and parameters: the console renders it in the user's language, the server in the caller's
 * Accept-Language for API answers. One function, so both say the same words. A legacy plain string
 * (written before messages had keys) comes back unchanged.
 */
import { REASONS_WITHOUT_DETAIL } from '../contract/failure-reasons';
import { decodePipelineMessage, type LocalizedText } from '../contract/pipeline-messages';

type Translate = (key: string, params: Record<string, unknown>) => string;

/**
 * One sentence. A parameter that is itself a sentence (a failure reason, src/contract/failure-reasons.ts)
 * is translated first (a list of sentences: each, joined by commas); a reason's `detail` (the raw text of a library or a remote service) follows it as
 * a marked technical detail, never as the sentence. A nested key with a namespace (`extraction:fieldErrors.notANumber`)
 * is read there: an area's own texts for its codes.
 */
function sentenceText(translate: Translate, part: LocalizedText, nested = false): string {
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(part.params ?? {})) {
    params[name] = Array.isArray(value)
      ? value.map((item) => sentenceText(translate, item, true)).join(', ')
      : typeof value === 'object'
        ? sentenceText(translate, value, true)
        : value;
  }
  const text = translate(nested && part.key.includes(':') ? part.key : `pipelineMessages:${part.key}`, params);
  // A file reason's detail (stored before it was left out) is a parser's English: never shown.
  const detail = part.key.startsWith('reason.') && !(REASONS_WITHOUT_DETAIL as readonly string[]).includes(part.key) ? params.detail : undefined;
  return typeof detail === 'string' && detail !== '' ? translate('pipelineMessages:reason.withDetail', { reason: text, detail }) : text;
}

/** The sentences, translated and joined by a space. */
export function pipelineSentencesText(translate: Translate, sentences: readonly LocalizedText[]): string {
  return sentences.map((part) => sentenceText(translate, part)).join(' ');
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
