/** The few fields of an iCalendar VEVENT the viewer shows (start, end, location, organiser). */
import type { Email } from './model';

function icsDate(value: string | undefined): string | undefined {
  const match = value?.match(/^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?/);
  if (!match) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', z] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${z ? 'Z' : ''}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function parseCalendar(ics: string): Email['calendar'] {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  const event = unfolded.match(/BEGIN:VEVENT([\s\S]*?)END:VEVENT/)?.[1];
  if (!event) return undefined;
  const field = (name: string) => event.match(new RegExp(`^${name}(?:;[^:\\r\\n]*)?:(.*)$`, 'm'))?.[1]?.trim();
  const organizerLine = event.match(/^ORGANIZER([^\r\n]*)$/m)?.[1] ?? '';
  const organizer = organizerLine.match(/CN="?([^";:]+)/)?.[1] ?? organizerLine.match(/mailto:([^\s;]+)/i)?.[1];
  const start = icsDate(field('DTSTART'));
  const end = icsDate(field('DTEND'));
  const location = field('LOCATION')?.replace(/\\([,;\\])/g, '$1');
  return {
    ...(start ? { start } : {}),
    ...(end ? { end } : {}),
    ...(location ? { location } : {}),
    ...(organizer ? { organizer } : {}),
  };
}
