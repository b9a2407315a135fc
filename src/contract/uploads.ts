/**
 * What may be sent for analysis (spec §3 Format lists, §5 Uploads): the input family of a file and
 * the upload rules, checked by the console before sending and by the server on receipt.
 */
import { z } from 'zod';
import { FORMAT_LISTS, KNOWN_EXTENSIONS } from './environments';
import { METADATA_PROBLEM_CODES } from './error-code-lists';

/** The family of the main file (§3 Format lists), or a mail typed into the simulate form. */
export const INPUT_TYPES = ['email', 'document', 'image', 'spreadsheet', 'text', 'audio', 'simulatedMail'] as const satisfies readonly (
  | keyof typeof FORMAT_LISTS
  | 'simulatedMail'
)[];
export const inputTypeSchema = z.enum(INPUT_TYPES);
export type InputType = z.infer<typeof inputTypeSchema>;

/** The family an extension belongs to, or null when the extractor does not know it. */
export function inputTypeOf(fileName: string): Exclude<InputType, 'simulatedMail'> | null {
  const extension = extensionOf(fileName);
  for (const [family, extensions] of Object.entries(FORMAT_LISTS)) {
    if ((extensions as readonly string[]).includes(extension)) return family as keyof typeof FORMAT_LISTS;
  }
  return null;
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Uploads (§5): the bounds are ours (the spec does not give them); console and server use these.
// ---------------------------------------------------------------------------------------------

export const UPLOAD_LIMITS = {
  /** Main file plus attachments. */
  maxFiles: 20,
  maxFileBytes: 25 * 1024 * 1024,
  maxTotalBytes: 50 * 1024 * 1024,
} as const;

/**
 * Body limit of a simulated mail, whose attachments travel as base64 in JSON: the §5 total grown by
 * a third, plus room for the body and the JSON around it. `uploadProblems` then checks the decoded sizes.
 */
export const SIMULATED_MAIL_BODY_LIMIT = Math.ceil((UPLOAD_LIMITS.maxTotalBytes * 4) / 3) + 4 * 1024 * 1024;

export type UploadProblem =
  | { code: 'extensionNotAllowed'; ext: string; file: string }
  | { code: 'fileTooLarge'; size: number; file: string }
  | { code: 'totalTooLarge'; size: number }
  | { code: 'tooManyFiles'; count: number }
  | { code: 'noMainFile' };

/** §5 messages (English, as the server answers them; the console translates by `code`). */
export const UPLOAD_MESSAGES = {
  extensionNotAllowed: 'Extension "{ext}" is not allowed',
  fileTooLarge: 'The file goes over the limit of {size} per file',
  totalTooLarge: 'The total size of all the files is superior to the maximum limit of {size}',
  tooManyFiles: 'No more than {count} files can be sent at once',
  noMainFile: 'A main file is required',
} as const satisfies Record<UploadProblem['code'], string>;

/** Every problem of a set of files about to be sent (main file first); empty when all is well. */
export function uploadProblems(files: readonly { name: string; size: number }[]): UploadProblem[] {
  const problems: UploadProblem[] = [];
  if (files.length === 0) problems.push({ code: 'noMainFile' });
  if (files.length > UPLOAD_LIMITS.maxFiles) problems.push({ code: 'tooManyFiles', count: UPLOAD_LIMITS.maxFiles });
  for (const file of files) {
    const ext = extensionOf(file.name);
    if (!KNOWN_EXTENSIONS.includes(ext)) problems.push({ code: 'extensionNotAllowed', ext, file: file.name });
    if (file.size > UPLOAD_LIMITS.maxFileBytes) {
      problems.push({ code: 'fileTooLarge', size: UPLOAD_LIMITS.maxFileBytes, file: file.name });
    }
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > UPLOAD_LIMITS.maxTotalBytes) problems.push({ code: 'totalTooLarge', size: UPLOAD_LIMITS.maxTotalBytes });
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Metadata: a flat JSON object of plain values, bounded so one analysis cannot weigh on every list
// page and every request. Checked by the console before sending and by the server on
// every way in (multipart `metadata` part, simulated mail JSON).
// ---------------------------------------------------------------------------------------------

export const METADATA_LIMITS = {
  maxKeys: 50,
  maxKeyLength: 200,
  /** The whole object serialised as JSON, in UTF-8 bytes. */
  maxBytes: 16 * 1024,
} as const;

export type MetadataProblem =
  | { code: 'metadataNotObject' }
  | { code: 'metadataValueNotPlain'; key: string }
  | { code: 'metadataTooManyKeys'; count: number; max: number }
  | { code: 'metadataKeyTooLong'; max: number }
  | { code: 'metadataTooLarge'; size: number; max: number };

/** English messages, as the server answers them; the console translates by `code`. */
export const METADATA_MESSAGES = {
  metadataNotObject: 'The metadata must be a JSON object',
  metadataValueNotPlain: 'Metadata values are strings, numbers, booleans or null (not "{key}")',
  metadataTooManyKeys: 'The metadata has {count} keys; at most {max} are allowed',
  metadataKeyTooLong: 'A metadata key is longer than {max} characters',
  metadataTooLarge: 'The metadata takes {size} bytes; at most {max} are allowed',
} as const satisfies Record<MetadataProblem['code'] | (typeof METADATA_PROBLEM_CODES)[number], string>;

/** The metadata problems' codes, which the server answers as error codes. */
export { METADATA_PROBLEM_CODES };

/** Compiles only when every problem's code is in that list (the console translates codes through it). */
export const METADATA_CODES_LISTED: Record<Exclude<MetadataProblem['code'], (typeof METADATA_PROBLEM_CODES)[number]>, never> = {};

const PLAIN_TYPES = new Set(['string', 'number', 'boolean']);

/** The first problem of a metadata value (already parsed from JSON), or null when it is acceptable. */
export function metadataProblem(value: unknown): MetadataProblem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { code: 'metadataNotObject' };
  const keys = Object.keys(value);
  if (keys.length > METADATA_LIMITS.maxKeys) {
    return { code: 'metadataTooManyKeys', count: keys.length, max: METADATA_LIMITS.maxKeys };
  }
  for (const key of keys) {
    // Key names are echoed back in the problem: cut them, a key can be long.
    if (key.length > METADATA_LIMITS.maxKeyLength) return { code: 'metadataKeyTooLong', max: METADATA_LIMITS.maxKeyLength };
    const entry: unknown = (value as Record<string, unknown>)[key];
    if (entry !== null && !PLAIN_TYPES.has(typeof entry)) return { code: 'metadataValueNotPlain', key };
    if (typeof entry === 'number' && !Number.isFinite(entry)) return { code: 'metadataValueNotPlain', key };
  }
  const size = utf8Length(JSON.stringify(value));
  if (size > METADATA_LIMITS.maxBytes) return { code: 'metadataTooLarge', size, max: METADATA_LIMITS.maxBytes };
  return null;
}

/** UTF-8 length without Node's Buffer or the DOM's TextEncoder (the contract uses neither). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** English text of a problem with its parameters filled in. */
export function metadataMessage(problem: MetadataProblem): string {
  return METADATA_MESSAGES[problem.code].replace(/\{(\w+)\}/g, (_, name: string) =>
    String((problem as unknown as Record<string, unknown>)[name] ?? ''),
  );
}
