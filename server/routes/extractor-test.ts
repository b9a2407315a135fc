/**
 * §2.4 Extractor test: the environment's extractor on one uploaded file (multipart `file`), with its
 * settings; the result is returned and nothing is stored or queued. 409 `extractorNotEnabled` when
 * the extractor is off or not in the pipeline: the console then redirects to the dashboard (§8).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { testExtractor } from '../../src/contract/analyses';
import { UPLOAD_MESSAGES, uploadProblems } from '../../src/contract/uploads';
import { extractorEnabled } from '../../src/contract/pipeline-modules';
import type { ServerContext } from '../context';
import { environments } from '../db/schema';
import { readSettings } from '../environments/settings';
import { asUploadError } from '../analyses/upload';
import { HttpError } from '../http-error';
import { extract } from '../pipeline/extractor/extract';
import { MeteredParser } from '../pipeline/extractor/metered-parser';
import { registerEndpoint } from './register';

export function registerExtractorTestRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // One parse thread for this route, started on first use and stopped with the app.
  let parser: MeteredParser | undefined;
  app.addHook('onClose', async () => parser?.close());

  registerEndpoint(app, ctx, testExtractor, async ({ params, request }) => {
    const [environment] = await ctx.db.select({ settings: environments.settings }).from(environments).where(eq(environments.id, params.envId));
    const settings = readSettings(environment?.settings);
    if (!extractorEnabled(settings)) {
      throw new HttpError(409, { message: 'The extractor is not enabled in this environment', code: 'extractorNotEnabled' });
    }
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
    parser ??= new MeteredParser();
    const outcome = await extract(
      [{ id: null, name: part.filename, role: 'main', contentType: part.mimetype, content }],
      settings.extractor,
      parser,
    );
    return outcome.result;
  });
}
