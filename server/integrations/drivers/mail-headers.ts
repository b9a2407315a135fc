/** Sender and subject of a raw message, read with the parser the platform already uses (postal-mime). */
import PostalMime from 'postal-mime';

export async function headersOf(raw: Uint8Array): Promise<{ from: string; subject: string; to: string; messageId: string | null; references: string | null }> {
  const parsed = await PostalMime.parse(raw);
  return {
    from: (parsed.from?.address ?? '').toLowerCase(),
    subject: parsed.subject ?? '',
    to: parsed.to?.[0]?.address ?? '',
    messageId: parsed.messageId ?? null,
    /** The thread's earlier Message-IDs, for a reply's References. */
    references: parsed.references ?? null,
  };
}
