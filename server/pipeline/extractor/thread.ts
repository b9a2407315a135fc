/**
 * The conversation thread setting (§3 Extractor settings, email): off keeps only the newest message
 * of a mail body; on keeps the quoted history too. The history starts at the first line that mail
 * programs put before a quotation (Outlook's "-----Original Message-----" or "From: … Sent:" block,
 * "On … wrote:", French and German variants) or at the first run of ">" quoted lines.
 */
const THREAD_MARKERS: RegExp[] = [
  /^-{2,}\s*(Original Message|Message d'origine|Ursprüngliche Nachricht|Forwarded message|Message transféré)\s*-{2,}\s*$/i,
  /^_{10,}\s*$/,
  /^(On|Le|Am)\s.+(wrote|a écrit|schrieb)\s*:\s*$/i,
  /^(From|De|Von)\s*:\s.+$/i,
];

export interface ThreadCut {
  /** The newest message only. */
  latest: string;
  /** Whether quoted history was left out. */
  cut: boolean;
}

export function latestMessage(text: string): ThreadCut {
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    const isMarker = THREAD_MARKERS.some((marker) => marker.test(line));
    // An Outlook header block names the sender then the date on the next lines; a lone "From:" in
    // the body (a form, a signature) is not one.
    const outlookBlock = /^(From|De|Von)\s*:/i.test(line)
      ? lines.slice(index + 1, index + 4).some((next) => /^(Sent|Envoyé|Gesendet|Date)\s*:/i.test(next.trim()))
      : true;
    const quoted = line.startsWith('>') && (lines[index + 1] ?? '').trim().startsWith('>');
    if ((isMarker && outlookBlock && index > 0) || (quoted && index > 0)) {
      return { latest: lines.slice(0, index).join('\n').trimEnd(), cut: true };
    }
  }
  return { latest: text, cut: false };
}
