/**
 * The messages our own schema checks give (a regex, a refine): fixed English sentences, read by
 * programs in a 400's `issues`; the console never shows them but says them in the reader's words,
 * looked up by these values (src/i18n/zod-issue-text.ts). Zod-free, so forms load it for nothing.
 */
export const VALIDATION_MESSAGES = {
  nluNameCharacters: 'Must not contain [ ] ; or line breaks',
  controlCharacters: 'Must not contain control characters',
  atSign: 'Must contain an at-sign',
  headerName: 'Not a valid header name',
  calendarDayFormat: 'Expected a date YYYY-MM-DD',
  calendarDay: 'Not a day of the calendar',
  setOrMessage: 'Give either setId or messageId',
} as const;
