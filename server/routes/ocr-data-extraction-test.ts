/**
 * §2.4 OCR data extraction test: one uploaded PDF or picture read by the OCR pool (at most the
 * extractor's "max pages to OCR" pages), then the module's fields (src/ocr/fields.ts). Each page
 * comes back with its image, its words and their boxes, so the screen can draw them. Nothing is
 * stored. 409 `ocrDataExtractionNotEnabled` when the module is not an active part of the pipeline.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ocrDataExtractionConfigSchema, ocrDataExtractionEnabled, testOcrDataExtraction, type OcrTestResult } from '../../src/contract/ocr-data-extraction';
import { pipelineModules } from '../../src/contract/pipeline-modules';
import { extensionOf, inputTypeOf } from '../../src/contract/uploads';
import { INVOICE_RULES } from '../../src/ocr/fields';
import { runTestTask } from '../module-workers/test-task';
import { checkFieldRules } from '../../src/ocr/rule-checks';
import { ocrRulesInvalid } from '../ocr/rules-invalid';
import type { OcrPage } from '../../src/ocr/model';
import type { ServerContext } from '../context';
import { environments } from '../db/schema';
import { readSettings } from '../environments/settings';
import { HttpError } from '../http-error';
import { MeteredParser } from '../pipeline/extractor/metered-parser';
import { sharedOcrPool } from '../ocr/ocr-pool';
import { readSingleUpload } from './single-file-upload';
import { registerEndpoint } from './register';
import { pipelineMessage } from '../../src/contract/pipeline-messages';

const dataUrl = (bytes: Uint8Array, type: string) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
const PICTURES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', tif: 'image/tiff', tiff: 'image/tiff' };

export function registerOcrDataExtractionTestRoutes(app: FastifyInstance, ctx: ServerContext): void {
  let parser: MeteredParser | undefined;
  app.addHook('onClose', async () => parser?.close());

  registerEndpoint(app, ctx, testOcrDataExtraction, async ({ params, request }) => {
    const [environment] = await ctx.db.select({ settings: environments.settings }).from(environments).where(eq(environments.id, params.envId));
    const settings = readSettings(environment?.settings);
    if (!ocrDataExtractionEnabled(settings)) {
      throw new HttpError(409, { message: 'OCR data extraction is not enabled in this environment', code: 'ocrDataExtractionNotEnabled' });
    }
    // The rules of the pipeline's (first active) OCR data extraction module, else the invoice rules.
    const module = pipelineModules(settings).find((candidate) => candidate.type === 'ocrDataExtraction' && candidate.active);
    const config = ocrDataExtractionConfigSchema.safeParse(module?.config ?? {});
    const rules = (config.success ? config.data.rules : undefined) ?? INVOICE_RULES;
    // Rules written by an import are not checked on the way in: a bad pattern must not run here.
    const problems = checkFieldRules(rules);
    if (problems.length > 0) throw ocrRulesInvalid(problems);
    const upload = await readSingleUpload(request);
    const ext = extensionOf(upload.name);
    const result: OcrTestResult = { pages: [], fields: [], notes: [] };
    const ocr = sharedOcrPool();
    const pages: OcrPage[] = [];
    const add = (page: OcrPage, image: string) => {
      pages.push(page);
      result.pages.push({ number: result.pages.length + 1, ...page, image });
    };
    if (ext === 'pdf') {
      parser ??= new MeteredParser();
      const parsed = await parser.parse(upload.name, upload.content);
      if (!parsed.ok || !parsed.model.pdf) throw new HttpError(400, { message: `The PDF could not be read: ${parsed.ok ? 'not a PDF' : parsed.error.message}`, code: 'ocrFileUnreadable' });
      const limit = Math.min(parsed.model.pdf.pageCount, settings.extractor.parser.document.maxPagesToOcr, settings.content.maxPagesToOcr);
      if (parsed.model.pdf.pageCount > limit) result.notes.push(pipelineMessage('ocrDataExtraction.firstPagesOnly', { max: limit, total: parsed.model.pdf.pageCount }));
      for (let number = 1; number <= limit; number++) {
        const read = await ocr.recognize(upload.content, { pdfPage: number, dpi: 300, keepImage: true });
        if (read.ok) add(read.page, dataUrl(read.image!, 'image/png'));
        else result.notes.push(pipelineMessage('document.pageOcrFailed', { page: number, reason: read.reason }));
      }
    } else if (PICTURES[ext] && inputTypeOf(upload.name) === 'image') {
      const read = await ocr.recognize(upload.content);
      if (read.ok) add(read.page, dataUrl(upload.content, PICTURES[ext]!));
      else result.notes.push(pipelineMessage('document.pictureOcrFailed', { reason: read.reason }));
    } else {
      throw new HttpError(400, { message: 'Only PDF files and pictures (PNG, JPG, GIF, TIFF) are read by OCR', code: 'ocrFileUnsupported' });
    }
    // The tenant's patterns run on the read text in a module worker: 422 testStopped past its limits.
    result.fields = await runTestTask({ kind: 'ocrFields', pages, rules });
    return result;
  });
}
