/**
 * §2.4 Extractor test: the environment's extractor on one uploaded file (multipart `file`), with its
 * settings; the result is returned and nothing is stored or queued. 409 `extractorNotEnabled` when
 * the extractor is off or not in the pipeline: the console then redirects to the dashboard (§8).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { testExtractor } from '../../src/contract/analyses';
import { extractorEnabled } from '../../src/contract/pipeline-modules';
import type { ServerContext } from '../context';
import { environments } from '../db/schema';
import { readSettings } from '../environments/settings';
import { readSingleUpload } from './single-file-upload';
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
    const upload = await readSingleUpload(request);
    parser ??= new MeteredParser();
    const outcome = await extract(
      [{ id: null, name: upload.name, role: 'main', contentType: upload.contentType, content: upload.content }],
      settings.extractor,
      parser,
      { environment: settings.content },
    );
    return outcome.result;
  });
}
