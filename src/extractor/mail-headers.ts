/** A mail's headers as one record for the extracted document (the extractor's `headers` setting). */
import type { Email } from '../parsing/model';

export function headerRecord(email: Email): Record<string, string> {
  const record: Record<string, string> = {};
  for (const header of email.headers) {
    // Repeated headers (Received…) are kept in order, one per line.
    record[header.name] = record[header.name] === undefined ? header.value : `${record[header.name]}\n${header.value}`;
  }
  // MSG files saved from Outlook often have no transport headers: give the fields every mail has.
  const address = (a: { name?: string; address?: string }) => (a.name && a.address ? `${a.name} <${a.address}>` : (a.address ?? a.name ?? ''));
  const fallback: Record<string, string | undefined> = {
    From: email.from ? address(email.from) : undefined,
    To: email.to.length ? email.to.map(address).join(', ') : undefined,
    Cc: email.cc.length ? email.cc.map(address).join(', ') : undefined,
    Subject: email.subject,
    Date: email.date,
    'Message-ID': email.messageId,
  };
  const present = new Set(Object.keys(record).map((name) => name.toLowerCase()));
  for (const [name, value] of Object.entries(fallback)) {
    if (value !== undefined && value !== '' && !present.has(name.toLowerCase())) record[name] = value;
  }
  return record;
}
