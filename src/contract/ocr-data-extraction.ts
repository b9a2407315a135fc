/**
 * §2.4 OCR data extraction test: one file (a scan, a photo, a PDF) read by OCR on the server, each
 * page with its recognised words (boxes in the page's pixels) and the fields the module extracts
 * (src/ocr/fields.ts). Nothing is stored. 409 `ocrDataExtractionNotEnabled` when the environment has
 * no active OCR data extraction module: the console then redirects to the dashboard (§8).
 */
import { z } from 'zod';
import { access, defineEndpoint } from './define';
import { ocrDataExtractionEnabled } from './pipeline-modules';

export { ocrDataExtractionEnabled };

const box = z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() });

export const ocrTestPageSchema = z.object({
  number: z.number().int().positive(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  confidence: z.number(),
  text: z.string(),
  /** The page as it was read (PNG or the uploaded picture), as a data: URL, to draw the boxes on. */
  image: z.string(),
  words: z.array(z.object({ text: z.string(), confidence: z.number(), box, line: z.number().int() })),
});

export const ocrFieldSchema = z.object({
  name: z.string(),
  value: z.string(),
  page: z.number().int().positive(),
  box,
  confidence: z.number(),
  by: z.enum(['label', 'pattern', 'zone']),
});

export const fieldRuleSchema = z.discriminatedUnion('by', [
  z.object({ name: z.string().min(1).max(100), by: z.literal('label'), labels: z.array(z.string().min(1).max(100)).min(1).max(20), value: z.string().max(500).optional() }),
  z.object({ name: z.string().min(1).max(100), by: z.literal('pattern'), pattern: z.string().min(1).max(500) }),
  z.object({ name: z.string().min(1).max(100), by: z.literal('zone'), zone: box, page: z.number().int().positive().optional() }),
]);

/** The module's configuration: its field rules (the invoice rules of src/ocr/fields.ts when absent). */
export const ocrDataExtractionConfigSchema = z.object({ rules: z.array(fieldRuleSchema).max(100).optional() });

/** What the module adds to an analysis: the fields of each document read by OCR. */
export const ocrDataExtractionResultSchema = z.object({
  documents: z.array(z.object({ path: z.array(z.string()), name: z.string(), fields: z.array(ocrFieldSchema) })),
  notes: z.array(z.string()),
});
export type OcrDataExtractionResult = z.infer<typeof ocrDataExtractionResultSchema>;

export const ocrTestResultSchema = z.object({ pages: z.array(ocrTestPageSchema), fields: z.array(ocrFieldSchema), notes: z.array(z.string()) });
export type OcrTestResult = z.infer<typeof ocrTestResultSchema>;

export const testOcrDataExtraction = defineEndpoint({
  id: 'ocrDataExtraction.test',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/ocr-data-extraction/test',
  summary: 'Read one file (multipart `file`) by OCR and extract its fields with the OCR data extraction module; nothing is stored',
  access: access.environment('envId', 'configurator', 'operations'),
  params: z.object({ envId: z.string().min(1) }),
  response: ocrTestResultSchema,
});
