/**
 * msgreader names a property after its id whatever type the file stores it with: a damaged or
 * hand-made file whose subject is stored as binary gives a Uint8Array where the parser expects a
 * string (or a string where it expects bytes), and the whole mail was refused when its model was
 * checked. Such a value is dropped, as if the property were absent, and the rest of the mail is read.
 */
const TEXT = new Set([
  'subject', 'senderName', 'senderEmail', 'senderSmtpAddress', 'senderAddressType', 'sentRepresentingName', 'sentRepresentingSmtpAddress',
  'messageId', 'messageClass', 'headers', 'body', 'bodyHtml', 'apptLocation', 'apptStartWhole', 'apptEndWhole', 'clientSubmitTime',
  'messageDeliveryTime', 'creationTime', 'name', 'email', 'smtpAddress', 'addressType', 'recipType', 'fileName', 'fileNameShort',
  'attachMimeTag', 'pidContentId',
]);
const BYTES = new Set(['html', 'compressedRtf']);

/** `fields` (msgreader's, its recipients, attachments and embedded messages included) with every value of the wrong type dropped. */
export function wellTyped<T extends object>(fields: T): T {
  const record = fields as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if ((TEXT.has(key) && typeof value !== 'string') || (BYTES.has(key) && !(value instanceof Uint8Array))) delete record[key];
  }
  for (const key of ['recipients', 'attachments'] as const) {
    const list = record[key];
    if (list !== undefined && !Array.isArray(list)) delete record[key];
    else for (const entry of (list as object[] | undefined) ?? []) wellTyped(entry);
  }
  if (record.innerMsgContentFields && typeof record.innerMsgContentFields === 'object') wellTyped(record.innerMsgContentFields);
  return fields;
}
