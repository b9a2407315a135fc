/**
 * The one file of a test screen's upload (multipart `file`), checked with the upload rules: 400
 * `uploadRejected` with the problems when there is none, or it is too large or of a refused kind.
 * Shared by the extractor test and the OCR data extraction test.
 */
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MESSAGES, uploadProblems } from '../../src/contract/uploads';
import { asUploadError } from '../analyses/upload';
import { HttpError } from '../http-error';

export async function readSingleUpload(request: FastifyRequest): Promise<{ name: string; contentType: string; content: Buffer }> {
  const part = request.isMultipart() ? await request.file().catch((error: unknown) => Promise.reject(asUploadError(error))) : undefined;
  if (part === undefined) throw new HttpError(400, { message: UPLOAD_MESSAGES.noMainFile, code: 'uploadRejected', problems: [{ code: 'noMainFile' }] });
  // Over the per-file limit the parser cuts the file (too large); cut short by the client, it is malformed.
  const content = await part.toBuffer().catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) return null;
    throw asUploadError(error);
  });
  const size = content === null || part.file.truncated ? Number.POSITIVE_INFINITY : content.length;
  const problems = uploadProblems([{ name: part.filename, size }]);
  if (problems.length > 0 || content === null) {
    const first = problems[0]!;
    const message = Object.entries(first).reduce<string>((text, [key, value]) => text.replace(`{${key}}`, String(value)), UPLOAD_MESSAGES[first.code]);
    throw new HttpError(400, { message, code: 'uploadRejected', problems });
  }
  return { name: part.filename, contentType: part.mimetype, content };
}
