/** The preview's payload as text: indented JSON, with long attachment contents shortened on screen. */

/** Past this many characters an attachment's base64 is shortened on screen (the copy keeps it whole): a big file would stall the page. */
const SHOWN_BASE64 = 400;

/** The payload as indented JSON, long attachment contents shortened with `shortened(hidden characters)`. */
export function payloadText(payload: unknown, shortened: (hidden: number) => string): string {
  return JSON.stringify(
    payload,
    (key, value: unknown) => (key === 'base64' && typeof value === 'string' && value.length > SHOWN_BASE64 ? `${value.slice(0, SHOWN_BASE64)}… ${shortened(value.length - SHOWN_BASE64)}` : value),
    2,
  );
}
