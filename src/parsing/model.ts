/**
 * The normalised model every parser returns (zod, so the viewer, the CLI and later the server's
 * extractor check the same shape). It is JSON-safe: binary parts (attachment bytes) travel beside it
 * in a `blobs` array and are referenced by index (`blobId`), so a worker can transfer them.
 */
import { z } from 'zod';

export const addressSchema = z.object({
  name: z.string().optional(),
  address: z.string().optional(),
});
export type Address = z.infer<typeof addressSchema>;

export const headerSchema = z.object({ name: z.string(), value: z.string() });
export type Header = z.infer<typeof headerSchema>;

export const calendarSchema = z.object({
  start: z.string().optional(),
  end: z.string().optional(),
  location: z.string().optional(),
  organizer: z.string().optional(),
});

export type Attachment = {
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  contentId?: string;
  inline: boolean;
  /** Index into the `blobs` array returned with the model. */
  blobId: number;
  /** The parsed message when the attachment is itself a message (.msg, .eml, message/rfc822). */
  message?: Email;
};

export type Email = {
  format: 'eml' | 'msg';
  subject?: string;
  from?: Address;
  sender?: Address;
  to: Address[];
  cc: Address[];
  bcc: Address[];
  replyTo: Address[];
  /** ISO 8601. */
  date?: string;
  importance?: 'low' | 'normal' | 'high';
  messageId?: string;
  messageClass?: string;
  headers: Header[];
  text?: string;
  html?: string;
  attachments: Attachment[];
  calendar?: z.infer<typeof calendarSchema>;
};

export const attachmentSchema: z.ZodType<Attachment> = z.lazy(() =>
  z.object({
    name: z.string(),
    contentType: z.string(),
    size: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    contentId: z.string().optional(),
    inline: z.boolean(),
    blobId: z.number().int().nonnegative(),
    message: emailSchema.optional(),
  }),
);

export const emailSchema: z.ZodType<Email> = z.lazy(() =>
  z.object({
    format: z.enum(['eml', 'msg']),
    subject: z.string().optional(),
    from: addressSchema.optional(),
    sender: addressSchema.optional(),
    to: z.array(addressSchema),
    cc: z.array(addressSchema),
    bcc: z.array(addressSchema),
    replyTo: z.array(addressSchema),
    date: z.iso.datetime({ offset: true }).optional(),
    importance: z.enum(['low', 'normal', 'high']).optional(),
    messageId: z.string().optional(),
    messageClass: z.string().optional(),
    headers: z.array(headerSchema),
    text: z.string().optional(),
    html: z.string().optional(),
    attachments: z.array(attachmentSchema),
    calendar: calendarSchema.optional(),
  }),
);

export const pdfSchema = z.object({
  pageCount: z.number().int().nonnegative(),
  title: z.string().optional(),
  author: z.string().optional(),
  subject: z.string().optional(),
  creator: z.string().optional(),
  producer: z.string().optional(),
  creationDate: z.string().optional(),
  pages: z.array(z.object({ number: z.number().int().positive(), text: z.string() })),
  /** Set when the caller asked for no page text (the viewer reads it per page, on demand): `pages` is empty. */
  textOmitted: z.literal(true).optional(),
  attachments: z.array(attachmentSchema),
});
export type Pdf = z.infer<typeof pdfSchema>;

/** A page (or slide) of text: office documents split at explicit page breaks, presentations per slide. */
export const pageTextSchema = z.object({ number: z.number().int().positive(), text: z.string() });

export const officeFormats = ['docx', 'doc', 'odt', 'pptx', 'pptm', 'odp', 'ppt'] as const;
export const officeDocumentSchema = z.object({
  format: z.enum(officeFormats),
  /** Presentations count slides; text documents count pages (known only where the file marks them). */
  unit: z.enum(['page', 'slide']),
  title: z.string().optional(),
  pages: z.array(pageTextSchema),
  /** Pictures embedded in the file (for OCR and for opening in the viewer). */
  images: z.array(attachmentSchema),
  /** Set for a format that has no safe parser (legacy .ppt): the file is listed, never guessed at. */
  unreadable: z.literal(true).optional(),
});
export type OfficeDocument = z.infer<typeof officeDocumentSchema>;

export const spreadsheetFormats = ['xls', 'xlsx', 'xlsm', 'ods'] as const;
export const cellRangeSchema = z.object({ top: z.number().int(), left: z.number().int(), bottom: z.number().int(), right: z.number().int() });
export const sheetSchema = z.object({
  name: z.string(),
  hidden: z.boolean(),
  /** Displayed cell values (as the spreadsheet formats them), row by row; a merged range's value is in its top-left cell. */
  rows: z.array(z.array(z.string())),
  merges: z.array(cellRangeSchema),
  /** Set when the sheet had more rows or columns than are read. */
  truncated: z.literal(true).optional(),
});
export type Sheet = z.infer<typeof sheetSchema>;
export const spreadsheetSchema = z.object({ format: z.enum(spreadsheetFormats), sheets: z.array(sheetSchema) });
export type Spreadsheet = z.infer<typeof spreadsheetSchema>;

export const htmlPageSchema = z.object({
  title: z.string().optional(),
  text: z.string(),
  encoding: z.string(),
  /** Images carried in the page itself (data: URLs); remote ones are counted, never fetched. */
  images: z.array(attachmentSchema),
  remoteImages: z.number().int().nonnegative(),
});
export type HtmlPage = z.infer<typeof htmlPageSchema>;

export const jsonResultSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), code: z.string().optional(), message: z.string(), line: z.number().int(), column: z.number().int() }),
]);

export const parsedFileSchema = z.object({
  file: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  kind: z.enum(['email', 'pdf', 'document', 'spreadsheet', 'html', 'text', 'json', 'image', 'audio', 'other']),
  contentType: z.string(),
  email: emailSchema.optional(),
  pdf: pdfSchema.optional(),
  document: officeDocumentSchema.optional(),
  spreadsheet: spreadsheetSchema.optional(),
  html: htmlPageSchema.optional(),
  text: z.object({ text: z.string(), encoding: z.string() }).optional(),
  json: jsonResultSchema.optional(),
});
export type ParsedFile = z.infer<typeof parsedFileSchema>;

/** What a parser hands back: the model plus the bytes its attachments point at. */
export type ParseOutput<T> = { model: T; blobs: Uint8Array[] };

/** A shared list of binary parts, filled while parsing. */
export class BlobStore {
  readonly blobs: Uint8Array[] = [];
  add(bytes: Uint8Array): number {
    this.blobs.push(bytes);
    return this.blobs.length - 1;
  }
}
