/**
 * The notes the extractor writes on a document (why a part has no text, what OCR read…), stored as
 * keys + parameters of the `pipelineMessages` namespace, so the console shows them in the
 * reader's language and the output payload in French. A note stored before this (an English
 * sentence) is shown as stored.
 */
import type { ExtractedDocument } from '../contract/analyses';
import { decodePipelineMessage, encodePipelineMessage, sentence, type LocalizedText, type MessageParams, type PipelineMessageKey } from '../contract/pipeline-messages';

type DocumentNoteKey = Extract<PipelineMessageKey, `document.${string}`>;
type UnreadableReason = 'notPdf' | 'notHtml' | 'notFormat';

/** One note, in its stored form. */
export function documentNote(key: DocumentNoteKey, params?: MessageParams): string {
  return encodePipelineMessage(sentence(key, params));
}

/**
 * "Could not be read: …", the note that makes a part (or the whole analysis) a failure: the reason is
 * a library's message (legacy: kept as is), a failure reason, or one of ours (translated).
 */
export function unreadableNote(reason: string | { why: UnreadableReason; ext?: string } | LocalizedText): string {
  // A LocalizedText: a failure reason (src/contract/failure-reasons.ts), the way to pass a library's error.
  const because =
    typeof reason === 'string'
      ? sentence('raw', { text: reason })
      : 'key' in reason
        ? reason
        : sentence(`document.reason.${reason.why}`, reason.ext === undefined ? undefined : { ext: reason.ext });
  return encodePipelineMessage(sentence('document.unreadable'), because);
}

/** The reason of a "could not be read" note (a sentence to store elsewhere); null for any other note. */
export function unreadableReason(note: string): LocalizedText | null {
  const parts = decodePipelineMessage(note);
  return parts?.[0]?.key === 'document.unreadable' && parts[1] !== undefined ? parts[1] : null;
}

/** The reason of the document's "could not be read" note, or null when it was read. */
export function unreadableOf(doc: ExtractedDocument): LocalizedText | null {
  for (const note of doc.notes) {
    const reason = unreadableReason(note);
    if (reason !== null) return reason;
  }
  return null;
}


/**
 * What the extractor read by OCR in a document, from its notes: the PDF pages, or the picture itself.
 * Notes written as English sentences (results stored before messages became keys) are read too.
 */
export function ocrReadOf(doc: ExtractedDocument): { pages: number[]; picture: boolean } {
  const pages: number[] = [];
  let picture = false;
  for (const note of doc.notes) {
    const first = decodePipelineMessage(note)?.[0];
    if (first === undefined) {
      const legacyPage = note.match(/^Page (\d+) read by OCR/)?.[1];
      if (legacyPage !== undefined) pages.push(Number(legacyPage));
      if (note.startsWith('The picture was read by OCR')) picture = true;
    } else if (first.key === 'document.pageOcr') pages.push(Number(first.params?.page));
    else if (first.key === 'document.pictureOcr') picture = true;
  }
  return { pages, picture };
}
