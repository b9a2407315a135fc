/**
 * What may be sent for analysis (spec §3 Format lists, §5 Uploads): the input family of a file and
 * the upload rules, checked by the console before sending and by the server on receipt.
 */
import { z } from 'zod';
import { FORMAT_LISTS, KNOWN_EXTENSIONS } from './environments';

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
