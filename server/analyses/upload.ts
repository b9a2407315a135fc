/**
 * Reads a multipart analysis upload (`file` the main file, `attachments` any number, optional
 * `name`, `metadata` as a JSON object, `manualFinalStatus`) and holds it to the §5 limits with
 * `uploadProblems`, the same check the console runs before sending.
 *
 * A file cut off by the multipart per-file limit is never kept: it counts as too large. Once the
 * upload is known to be refused, the rest of the request is still read (so every problem is
 * reported) but no more bytes are kept in memory.
 */
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { metadataInputSchema, type AnalysisMetadata } from '../../src/contract/analyses';
import { CONTROL_CHARACTERS } from '../../src/contract/define';
import { metadataMessage, metadataProblem, UPLOAD_LIMITS, uploadProblems, type UploadProblem } from '../../src/contract/uploads';
import { concatInSlices } from '../bytes-in-slices';
import { HttpError } from '../http-error';
import { nulCharacterAt } from '../routes/input-guard';
import type { NewAnalysisFile } from './create';
import { uploadRejected } from './upload-rejection';

export interface AnalysisUpload {
  main: NewAnalysisFile;
  attachments: NewAnalysisFile[];
  name?: string;
  metadata: AnalysisMetadata;
  manualFinalStatus: boolean;
}

const FILE_PARTS = ['file', 'attachments'] as const;
const FIELD_PARTS = ['name', 'metadata', 'manualFinalStatus'] as const;
const MAX_NAME_LENGTH = 200;

function badRequest(message: string): HttpError {
  return new HttpError(400, { message, code: 'invalidUpload' });
}

/**
 * What the multipart reader (busboy, under @fastify/multipart) throws on a body it cannot read: no
 * boundary, a broken one, a part header it cannot parse, a body cut short. Those are plain errors
 * without a status; they are the client's fault, so they become 400 invalidUpload, never a 500 nor
 * "too large". Our own answers and the parser's limit errors pass through unchanged.
 */
export function asUploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  if (typeof statusCode === 'number' && statusCode < 500 && typeof code === 'string' && code !== 'FST_REQ_FILE_TOO_LARGE') return error;
  return badRequest('The multipart body is malformed or cut short');
}

interface ReceivedFile {
  part: (typeof FILE_PARTS)[number];
  name: string;
  /** Bytes received; over the per-file limit when the multipart parser cut the file off. */
  size: number;
  /** Null once the upload is refused: nothing more is kept. */
  chunks: Buffer[] | null;
}

/** The file's own name: browsers on some systems send a path, and control characters have no place. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
}

async function receiveFile(part: MultipartFile, keep: boolean, received: number): Promise<ReceivedFile> {
  let size = 0;
  let chunks: Buffer[] | null = keep ? [] : null;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Past the total limit the upload is refused anyway: stop holding its bytes.
    if (received + size > UPLOAD_LIMITS.maxTotalBytes) chunks = null;
    chunks?.push(chunk);
  }
  const fieldname = part.fieldname as ReceivedFile['part'];
  const name = cleanFileName(part.filename);
  // The parser stopped at maxFileBytes: what we hold is not the file, and it is too large.
  if (part.file.truncated) return { part: fieldname, name, size: UPLOAD_LIMITS.maxFileBytes + 1, chunks: null };
  return { part: fieldname, name, size, chunks };
}

function fieldValue(part: Multipart & { type: 'field' }): string {
  if (part.valueTruncated) throw badRequest(`The "${part.fieldname}" part is too long`);
  return typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
}

function parseMetadata(raw: string): AnalysisMetadata {
  let value: unknown;
  try {
    value = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    throw new HttpError(400, { message: metadataMessage({ code: 'metadataNotObject' }), code: 'metadataNotObject' });
  }
  // The same bounds as the JSON endpoints (metadataInputSchema), answered with the problem's code.
  const problem = metadataProblem(value);
  if (problem !== null) throw new HttpError(400, { message: metadataMessage(problem), ...problem });
  const parsed = metadataInputSchema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, { message: metadataMessage({ code: 'metadataNotObject' }), code: 'metadataNotObject' });
  if (nulCharacterAt(parsed.data) !== null) {
    throw new HttpError(400, { message: 'Text must not contain NUL characters', code: 'invalidText', location: 'body', path: ['metadata'] });
  }
  return parsed.data;
}

export async function readAnalysisUpload(request: FastifyRequest): Promise<AnalysisUpload> {
  if (!request.isMultipart()) {
    throw new HttpError(415, { message: 'Send the analysis as multipart/form-data', code: 'invalidUpload' });
  }
  const files: ReceivedFile[] = [];
  const fields = new Map<string, string>();
  let tooManyFiles = false;
  let received = 0;
  try {
    // throwFileSizeLimit: false lets us finish reading and report every problem; the option is read
    // by parts() at run time, though its type only names busboy's settings.
    const options = { throwFileSizeLimit: false } as Parameters<FastifyRequest['parts']>[0];
    for await (const part of request.parts(options)) {
      if (part.type === 'file') {
        if (!(FILE_PARTS as readonly string[]).includes(part.fieldname)) {
          await part.toBuffer().catch(() => undefined);
          throw badRequest(`Unknown file part "${part.fieldname}" (expected "file" or "attachments")`);
        }
        const keep = files.every((file) => file.chunks !== null) && files.length < UPLOAD_LIMITS.maxFiles;
        const file = await receiveFile(part, keep, received);
        received += file.size;
        files.push(file);
      } else {
        if (!(FIELD_PARTS as readonly string[]).includes(part.fieldname)) {
          throw badRequest(`Unknown part "${part.fieldname}" (expected name, metadata or manualFinalStatus)`);
        }
        if (fields.has(part.fieldname)) throw badRequest(`The "${part.fieldname}" part is sent twice`);
        fields.set(part.fieldname, fieldValue(part));
      }
    }
  } catch (error) {
    // The parser's own file-count limit (UPLOAD_LIMITS.maxFiles, server/app.ts) ends the request.
    if ((error as { code?: string }).code !== 'FST_FILES_LIMIT') throw asUploadError(error);
    tooManyFiles = true;
  }

  const mains = files.filter((file) => file.part === 'file');
  if (mains.length > 1) throw badRequest('Send one main file (the "file" part); the others go in "attachments"');
  const ordered = [...mains, ...files.filter((file) => file.part === 'attachments')];
  const problems: UploadProblem[] = uploadProblems(ordered);
  if (mains.length === 0 && ordered.length > 0) problems.unshift({ code: 'noMainFile' });
  if (tooManyFiles && !problems.some((problem) => problem.code === 'tooManyFiles')) {
    problems.push({ code: 'tooManyFiles', count: UPLOAD_LIMITS.maxFiles });
  }
  if (problems.length > 0) throw uploadRejected(problems);

  const name = fields.get('name')?.trim();
  if (name !== undefined && name.length > MAX_NAME_LENGTH) {
    throw badRequest(`The name is longer than ${MAX_NAME_LENGTH} characters`);
  }
  if (name !== undefined && CONTROL_CHARACTERS.test(name)) throw badRequest('The name must not contain control characters');
  const manual = fields.get('manualFinalStatus');
  if (manual !== undefined && manual !== 'true' && manual !== 'false') {
    throw badRequest('"manualFinalStatus" is true or false');
  }
  const joined: NewAnalysisFile[] = [];
  for (const file of ordered) {
    // Bytes are only dropped once a problem is found, so an accepted upload holds them all.
    if (file.chunks === null) throw new Error(`The bytes of "${file.name}" were dropped from an accepted upload`);
    // Up to 50 MB: joined a slice at a time (bytes-in-slices.ts).
    joined.push({ name: file.name, content: await concatInSlices(file.chunks) });
  }
  const [main, ...attachments] = joined;
  return {
    main: main!,
    attachments,
    name: name === '' ? undefined : name,
    metadata: parseMetadata(fields.get('metadata') ?? ''),
    manualFinalStatus: manual === 'true',
  };
}
