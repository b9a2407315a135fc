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

/** First characters a history line can have (after spaces): markers' first letters, `-`, `_`, `>`. */
const MAY_START = new Set([...'-_>oOlLaAfFdDvV'].map((char) => char.charCodeAt(0)));
const OUTLOOK_FROM = /^(From|De|Von)\s*:/i;
const OUTLOOK_DATE = /^(Sent|Envoyé|Gesendet|Date)\s*:/i;

/**
 * The newest message of a mail body. It runs over a text the sender wrote (megabytes, in a module
 * worker past 64 KiB: body-text-work.ts), so it is one pass over the line starts, and a line whose
 * first character cannot start a marker or a quote costs a character check, not four patterns (a
 * 3 MB body: 25 ms → a few).
 */
export function latestMessage(text: string): ThreadCut {
  /** The line starting at `start`, trimmed, and where the next one starts (past the end: none). */
  const lineAt = (start: number): { line: string; next: number } => {
    const end = text.indexOf('\n', start);
    return end < 0 ? { line: text.slice(start).trim(), next: text.length + 1 } : { line: text.slice(start, end).trim(), next: end + 1 };
  };
  for (let start = 0; start <= text.length; ) {
    let first = start;
    while (text.charCodeAt(first) === 32 || text.charCodeAt(first) === 9) first++;
    const code = text.charCodeAt(first);
    // Printable ASCII that starts no marker: not history. Anything else (other white space, a
    // no-break space, a letter beyond ASCII) goes to the full check, which trims as before.
    if (code > 32 && code < 127 && !MAY_START.has(code)) {
      const end = text.indexOf('\n', first);
      start = end < 0 ? text.length + 1 : end + 1;
      continue;
    }
    const { line, next } = lineAt(start);
    if (start > 0 && startsHistory(line, next)) return { latest: text.slice(0, start).replace(/\r?\n/g, '\n').trimEnd(), cut: true };
    start = next;
  }
  return { latest: text, cut: false };

  function startsHistory(line: string, next: number): boolean {
    const following = (count: number): string[] => {
      const lines: string[] = [];
      for (let at = next; at <= text.length && lines.length < count; ) {
        const read = lineAt(at);
        lines.push(read.line);
        at = read.next;
      }
      return lines;
    };
    if (line.startsWith('>') && (following(1)[0] ?? '').startsWith('>')) return true;
    if (!THREAD_MARKERS.some((marker) => marker.test(line))) return false;
    // An Outlook header block names the sender then the date on the next lines; a lone "From:" in
    // the body (a form, a signature) is not one.
    return !OUTLOOK_FROM.test(line) || following(3).some((after) => OUTLOOK_DATE.test(after));
  }
}
