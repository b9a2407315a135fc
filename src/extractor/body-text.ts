/**
 * A mail body or a text part → its text blocks: the HTML → text conversion of a mail with no plain
 * body, the cut of the quoted thread, the encoding guess of a text part, and the cut into blocks.
 * The sender chooses this text (megabytes of it), so a large one is worked on in a module worker
 * (body-text-work.ts), never on the thread that answers HTTP. Pure: the module workers import it.
 */
import { parseText } from '../parsing/text';
import { htmlToText } from '../parsing/html-text';
import { splitText, type SplitOptions } from './split';
import { latestMessage } from './thread';

/** A mail's bodies as the parse thread read them, or the raw bytes of a text part. */
export type BodySource = { text: string | null; html: string | null } | { bytes: Uint8Array };

export interface BodyTextOptions {
  /** Keep only the newest message of a mail (its `conversationThread` setting off). */
  latestOnly: boolean;
  split: SplitOptions;
}

export interface BodyText {
  /** The blocks' texts, in order. */
  blocks: string[];
  /** Quoted history was left out. */
  threadCut: boolean;
  /** The body holds no text at all. */
  empty: boolean;
}

export async function bodyText(source: BodySource, options: BodyTextOptions): Promise<BodyText> {
  let text = 'bytes' in source ? parseText(source.bytes).text : source.text?.trim() ? source.text : source.html ? await htmlToText(source.html) : '';
  let threadCut = false;
  if (options.latestOnly) {
    const thread = latestMessage(text);
    threadCut = thread.cut;
    text = thread.latest;
  }
  const trimmed = text.trim();
  return { blocks: splitText(trimmed, options.split), threadCut, empty: trimmed === '' };
}

/** How much the sender gave: characters of the bodies, or bytes of the part. */
export function bodySize(source: BodySource): number {
  return 'bytes' in source ? source.bytes.byteLength : (source.text?.length ?? 0) + (source.html?.length ?? 0);
}
