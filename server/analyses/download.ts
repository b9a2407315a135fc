/**
 * An original file of an analysis, for download: always as an attachment (never rendered by the
 * browser in our origin), with the stored content type and an RFC 6266 file name (jshttp's
 * content-disposition: an ASCII fallback plus `filename*` in UTF-8, quotes and controls escaped).
 */
import { create as contentDisposition } from 'content-disposition';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/open';
import { analysisFiles } from '../db/schema';
import { HttpError } from '../http-error';
import { analysisAnonymized, findAnalysis } from './lookup';

export interface Download {
  name: string;
  contentType: string;
  disposition: string;
  content: Buffer;
}

export async function loadDownload(
  db: Database,
  environmentId: string,
  analysisId: string,
  fileId: string,
): Promise<Download> {
  const analysis = await findAnalysis(db, environmentId, analysisId);
  if (analysis.anonymizedAt !== null) throw analysisAnonymized();
  const [file] = await db
    .select({ name: analysisFiles.name, contentType: analysisFiles.contentType, content: analysisFiles.content })
    .from(analysisFiles)
    .where(and(eq(analysisFiles.id, fileId), eq(analysisFiles.analysisId, analysisId)));
  if (file === undefined) throw new HttpError(404, { message: 'File not found', code: 'fileNotFound' });
  // Retention empties the bytes; an analysis caught half-way through looks anonymized too.
  if (file.content === null) throw analysisAnonymized();
  return {
    name: file.name,
    contentType: file.contentType,
    disposition: contentDisposition(file.name || 'file', { type: 'attachment' }),
    content: file.content,
  };
}
